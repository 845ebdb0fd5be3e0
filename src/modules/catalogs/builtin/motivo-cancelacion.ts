import type { CatalogEntry } from '../lookup.ts';

/**
 * Cancellation reasons of the SAT's cancellation service (in force since 2022-01-01, with
 * CFDI 4.0). Only motivo 01 names the CFDI that replaces the cancelled one (FolioSustitucion).
 */
export const MOTIVO_CANCELACION: readonly CatalogEntry[] = [
  { code: '01', description: 'Comprobante emitido con errores con relación', valid_from: '2022-01-01', valid_to: null, data: { requires_substitute: true } },
  { code: '02', description: 'Comprobante emitido con errores sin relación', valid_from: '2022-01-01', valid_to: null, data: { requires_substitute: false } },
  { code: '03', description: 'No se llevó a cabo la operación', valid_from: '2022-01-01', valid_to: null, data: { requires_substitute: false } },
  {
    code: '04',
    description: 'Operación nominativa relacionada en una factura global',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { requires_substitute: false },
  },
];
