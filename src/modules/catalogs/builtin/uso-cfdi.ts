import type { CatalogEntry } from '../lookup.ts';

// SAT catCFDI_V_4 catalog data owned by the product (see docs/guides/catalogs.md for sources);
// the tests compare these rows with the SAT's published catalog files.

/** c_UsoCFDI: CFDI uses (uso del CFDI). 24 rows. */
export const USO_CFDI: readonly CatalogEntry[] = [
  { code: 'CN01', description: 'Nómina', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605'] } },
  { code: 'CP01', description: 'Pagos', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '605', '606', '608', '610', '611', '612', '614', '616', '620', '621', '622', '623', '624', '607', '615', '625', '626'] } },
  { code: 'D01', description: 'Honorarios médicos, dentales y gastos hospitalarios.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D02', description: 'Gastos médicos por incapacidad o discapacidad.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D03', description: 'Gastos funerales.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D04', description: 'Donativos.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D05', description: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación).', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D06', description: 'Aportaciones voluntarias al SAR.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D07', description: 'Primas por seguros de gastos médicos.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D08', description: 'Gastos de transportación escolar obligatoria.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D09', description: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'D10', description: 'Pagos por servicios educativos (colegiaturas).', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false, tax_regimes: ['605', '606', '608', '611', '612', '614', '607', '615', '625'] } },
  { code: 'G01', description: 'Adquisición de mercancías.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'G02', description: 'Devoluciones, descuentos o bonificaciones.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'G03', description: 'Gastos en general.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I01', description: 'Construcciones.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I02', description: 'Mobiliario y equipo de oficina por inversiones.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I03', description: 'Equipo de transporte.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I04', description: 'Equipo de computo y accesorios.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I05', description: 'Dados, troqueles, moldes, matrices y herramental.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I06', description: 'Comunicaciones telefónicas.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I07', description: 'Comunicaciones satelitales.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'I08', description: 'Otra maquinaria y equipo.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] } },
  { code: 'S01', description: 'Sin efectos fiscales.', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: true, tax_regimes: ['601', '603', '605', '606', '608', '610', '611', '612', '614', '616', '620', '621', '622', '623', '624', '607', '615', '625', '626'] } },
];
