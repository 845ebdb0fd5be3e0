import type { CatalogEntry } from '../lookup.ts';

// SAT catCFDI_V_4 catalog data owned by the product (see docs/guides/catalogs.md for sources);
// the tests compare these rows with the SAT's published catalog files.

/** c_RegimenFiscal: Tax regimes (régimen fiscal). 19 rows. */
export const REGIMEN_FISCAL: readonly CatalogEntry[] = [
  {
    code: '601',
    description: 'General de Ley Personas Morales',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: false, legal_person: true },
  },
  {
    code: '603',
    description: 'Personas Morales con Fines no Lucrativos',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: false, legal_person: true },
  },
  {
    code: '605',
    description: 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  { code: '606', description: 'Arrendamiento', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false } },
  {
    code: '607',
    description: 'Régimen de Enajenación o Adquisición de Bienes',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  { code: '608', description: 'Demás ingresos', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false } },
  {
    code: '610',
    description: 'Residentes en el Extranjero sin Establecimiento Permanente en México',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: true },
  },
  {
    code: '611',
    description: 'Ingresos por Dividendos (socios y accionistas)',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  {
    code: '612',
    description: 'Personas Físicas con Actividades Empresariales y Profesionales',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  { code: '614', description: 'Ingresos por intereses', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false } },
  {
    code: '615',
    description: 'Régimen de los ingresos por obtención de premios',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  { code: '616', description: 'Sin obligaciones fiscales', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false } },
  {
    code: '620',
    description: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: false, legal_person: true },
  },
  { code: '621', description: 'Incorporación Fiscal', valid_from: '2022-01-01', valid_to: null, data: { natural_person: true, legal_person: false } },
  {
    code: '622',
    description: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: false, legal_person: true },
  },
  {
    code: '623',
    description: 'Opcional para Grupos de Sociedades',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: false, legal_person: true },
  },
  { code: '624', description: 'Coordinados', valid_from: '2022-01-01', valid_to: null, data: { natural_person: false, legal_person: true } },
  {
    code: '625',
    description: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: false },
  },
  {
    code: '626',
    description: 'Régimen Simplificado de Confianza',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { natural_person: true, legal_person: true },
  },
];
