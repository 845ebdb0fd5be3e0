import { formatWallTime } from '../../core/format.ts';
import type { Answer, Item } from '../../api/types.ts';

type Text = string | null;

export type Cfdi = Item<'listCfdis'>;

/** GET /v1/cfdis/{uuid}: the indexed fields and, when the XML was read, its content. */
export type CfdiWithDetails = Answer<'getCfdi'>;

export type CfdiDetails = NonNullable<CfdiWithDetails['details']>;

export type TaxLine = CfdiDetails['conceptos'][number]['impuestos']['traslados'][number];

/**
 * The CFDI's Fecha is wall time in Mexico City without an offset: shown as written, not converted
 * to another zone, in the same style as every other date of the dashboard ("14 jul 2026, 10:30").
 */
export function wallTime(value: Text): string {
  if (!value) return '—';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? formatWallTime(value) : value.replace('T', ' ');
}

export const IMPUESTOS: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
