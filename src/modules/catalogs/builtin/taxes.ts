import type { CatalogEntry } from '../lookup.ts';

// SAT catCFDI_V_4 catalog data owned by the product (see docs/guides/catalogs.md for sources);
// the tests compare these rows with the SAT's published catalog files.

/** c_Impuesto: Taxes (impuesto). 3 rows. */
export const IMPUESTO: readonly CatalogEntry[] = [
  { code: '001', description: 'ISR', valid_from: '2022-01-01', valid_to: null, data: { withholding: true, transfer: false, scope: 'Federal' } },
  { code: '002', description: 'IVA', valid_from: '2022-01-01', valid_to: null, data: { withholding: true, transfer: true, scope: 'Federal' } },
  { code: '003', description: 'IEPS', valid_from: '2022-01-01', valid_to: null, data: { withholding: true, transfer: true, scope: 'Federal' } },
];

/** c_TipoFactor: Tax factor types (tipo factor). 3 rows. */
export const TIPO_FACTOR: readonly CatalogEntry[] = [
  { code: 'Cuota', description: 'Cuota', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: 'Exento', description: 'Exento', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: 'Tasa', description: 'Tasa', valid_from: '2022-01-01', valid_to: null, data: {} },
];

/** c_TasaOCuota: Tax rates and amounts (tasa o cuota). 19 rows. */
export const TASA_O_CUOTA: readonly CatalogEntry[] = [
  {
    code: 'ieps-cuota-0.000000-72.160500',
    description: 'IEPS Cuota 0.000000 to 72.160500',
    valid_from: '2026-01-01',
    valid_to: null,
    data: {
      kind: 'range',
      tax: 'IEPS',
      tax_code: '003',
      factor: 'Cuota',
      minimum: '0.000000',
      maximum: '72.160500',
      value: null,
      transfer: true,
      withholding: true,
    },
  },
  {
    code: 'ieps-tasa-0.000000',
    description: 'IEPS Tasa 0.000000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.000000', transfer: true, withholding: false },
  },
  {
    code: 'ieps-tasa-0.030000',
    description: 'IEPS Tasa 0.030000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.030000', transfer: true, withholding: false },
  },
  {
    code: 'ieps-tasa-0.060000',
    description: 'IEPS Tasa 0.060000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.060000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.070000',
    description: 'IEPS Tasa 0.070000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.070000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.080000',
    description: 'IEPS Tasa 0.080000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.080000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.090000',
    description: 'IEPS Tasa 0.090000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.090000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.250000',
    description: 'IEPS Tasa 0.250000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.250000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.265000',
    description: 'IEPS Tasa 0.265000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.265000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.300000',
    description: 'IEPS Tasa 0.300000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.300000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.304000',
    description: 'IEPS Tasa 0.304000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.304000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.500000',
    description: 'IEPS Tasa 0.500000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.500000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-0.530000',
    description: 'IEPS Tasa 0.530000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '0.530000', transfer: true, withholding: true },
  },
  {
    code: 'ieps-tasa-1.600000',
    description: 'IEPS Tasa 1.600000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IEPS', tax_code: '003', factor: 'Tasa', minimum: null, maximum: null, value: '1.600000', transfer: true, withholding: true },
  },
  {
    code: 'isr-tasa-0.000000-0.350000',
    description: 'ISR Tasa 0.000000 to 0.350000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: {
      kind: 'range',
      tax: 'ISR',
      tax_code: '001',
      factor: 'Tasa',
      minimum: '0.000000',
      maximum: '0.350000',
      value: null,
      transfer: false,
      withholding: true,
    },
  },
  {
    code: 'iva-tasa-0.000000',
    description: 'IVA Tasa 0.000000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IVA', tax_code: '002', factor: 'Tasa', minimum: null, maximum: null, value: '0.000000', transfer: true, withholding: false },
  },
  {
    code: 'iva-tasa-0.000000-0.160000',
    description: 'IVA Tasa 0.000000 to 0.160000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: {
      kind: 'range',
      tax: 'IVA',
      tax_code: '002',
      factor: 'Tasa',
      minimum: '0.000000',
      maximum: '0.160000',
      value: null,
      transfer: false,
      withholding: true,
    },
  },
  {
    code: 'iva-tasa-0.160000',
    description: 'IVA Tasa 0.160000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { kind: 'fixed', tax: 'IVA', tax_code: '002', factor: 'Tasa', minimum: null, maximum: null, value: '0.160000', transfer: true, withholding: false },
  },
  {
    code: 'iva_credito_aplicado_del_50-tasa-0.080000',
    description: 'IVA Crédito aplicado del 50% Tasa 0.080000',
    valid_from: '2022-01-01',
    valid_to: null,
    data: {
      kind: 'fixed',
      tax: 'IVA Crédito aplicado del 50%',
      tax_code: '002',
      factor: 'Tasa',
      minimum: null,
      maximum: null,
      value: '0.080000',
      transfer: true,
      withholding: false,
    },
  },
];

/** c_ObjetoImp: Tax object (objeto de impuesto). 8 rows. */
export const OBJETO_IMP: readonly CatalogEntry[] = [
  { code: '01', description: 'No objeto de impuesto.', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '02', description: 'Sí objeto de impuesto.', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '03', description: 'Sí objeto del impuesto y no obligado al desglose.', valid_from: '2022-01-01', valid_to: null, data: {} },
  { code: '04', description: 'Sí objeto del impuesto y no causa impuesto.', valid_from: '2022-10-07', valid_to: null, data: {} },
  { code: '05', description: 'Sí objeto del impuesto, IVA crédito PODEBI.', valid_from: '2023-12-06', valid_to: null, data: {} },
  { code: '06', description: 'Sí objeto del IVA, No traslado IVA.', valid_from: '2024-12-13', valid_to: null, data: {} },
  { code: '07', description: 'No traslado del IVA, Sí desglose IEPS.', valid_from: '2024-12-13', valid_to: null, data: {} },
  { code: '08', description: 'No traslado del IVA, No desglose IEPS.', valid_from: '2024-12-13', valid_to: null, data: {} },
];
