import type { CatalogEntry } from '../lookup.ts';

// SAT catCFDI_V_4 catalog data owned by the product (see docs/guides/catalogs.md for sources);
// the tests compare these rows with the SAT's published catalog files.

/** c_MetodoPago: Payment methods (método de pago). 2 rows. */
export const METODO_PAGO: readonly CatalogEntry[] = [
  { code: 'PPD', description: 'Pago en parcialidades o diferido', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: 'PUE', description: 'Pago en una sola exhibición', valid_from: '2022-01-01', valid_to: null, data: {} },
];

/** c_Exportacion: Export (exportación). 4 rows. */
export const EXPORTACION: readonly CatalogEntry[] = [
  { code: '01', description: 'No aplica', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '02', description: 'Definitiva con clave A1', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '03', description: 'Temporal', valid_from: '2022-01-01', valid_to: null, data: {} },
  {
    code: '04',
    description: 'Definitiva con clave distinta a A1 o cuando no existe enajenación en términos del CFF',
    valid_from: '2022-02-25',
    valid_to: null,
    data: {},
  },
];

/** c_TipoDeComprobante: Voucher types (tipo de comprobante). 5 rows. */
export const TIPO_COMPROBANTE: readonly CatalogEntry[] = [
  { code: 'E', description: 'Egreso', valid_from: '2022-01-01', valid_to: null, data: { max_value: '999999999999999999.999999' } },
  { code: 'I', description: 'Ingreso', valid_from: '2022-01-01', valid_to: null, data: { max_value: '999999999999999999.999999' } },
  { code: 'N', description: 'Nómina', valid_from: null, valid_to: null, data: { max_value: '999999999999999999.999999' } },
  { code: 'P', description: 'Pago', valid_from: '2022-01-01', valid_to: null, data: { max_value: '999999999999999999.999999' } },
  { code: 'T', description: 'Traslado', valid_from: '2022-01-01', valid_to: null, data: { max_value: '0' } },
];

/** c_TipoRelacion: Relation types (tipo de relación). 7 rows. */
export const TIPO_RELACION: readonly CatalogEntry[] = [
  { code: '01', description: 'Nota de crédito de los documentos relacionados', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '02', description: 'Nota de débito de los documentos relacionados', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '03', description: 'Devolución de mercancía sobre facturas o traslados previos', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '04', description: 'Sustitución de los CFDI previos', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '05', description: 'Traslados de mercancías facturados previamente', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '06', description: 'Factura generada por los traslados previos', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '07', description: 'CFDI por aplicación de anticipo', valid_from: '2022-01-01', valid_to: null, data: {} },
];

/** c_Periodicidad: Periodicity of global invoices (periodicidad). 5 rows. */
export const PERIODICIDAD: readonly CatalogEntry[] = [
  { code: '01', description: 'Diario', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '02', description: 'Semanal', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '03', description: 'Quincenal', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '04', description: 'Mensual', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '05', description: 'Bimestral', valid_from: '2022-01-01', valid_to: null, data: {} },
];

/** c_Meses: Months of global invoices (meses). 18 rows. */
export const MESES: readonly CatalogEntry[] = [
  { code: '01', description: 'Enero', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '02', description: 'Febrero', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '03', description: 'Marzo', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '04', description: 'Abril', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '05', description: 'Mayo', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '06', description: 'Junio', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '07', description: 'Julio', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '08', description: 'Agosto', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '09', description: 'Septiembre', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '10', description: 'Octubre', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '11', description: 'Noviembre', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '12', description: 'Diciembre', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '13', description: 'Enero-Febrero', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '14', description: 'Marzo-Abril', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '15', description: 'Mayo-Junio', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '16', description: 'Julio-Agosto', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '17', description: 'Septiembre-Octubre', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '18', description: 'Noviembre-Diciembre', valid_from: '2022-01-01', valid_to: null, data: {} },
];
