/**
 * The columns of an export row that only the XML holds (uso, método and forma de pago, tipo de
 * cambio, IVA trasladado, retenciones), read on the worker pool a page at a time: parsing grows
 * with the documents, so none of it runs on the event loop. Plain data in and out.
 */
import { Decimal } from 'decimal.js';
import { readCfdiDetails } from '../../cfdi/overview.ts';

export interface RowExtras {
  uso_cfdi: string | null;
  metodo_pago: string | null;
  forma_pago: string | null;
  tipo_cambio: string | null;
  /** Sum of the Comprobante's IVA (002) traslados; null when it has none. */
  iva_trasladado: string | null;
  /** TotalImpuestosRetenidos; null when absent. */
  retenciones: string | null;
}

const IVA = '002';

function extrasOf(xml: string): RowExtras | null {
  let details: ReturnType<typeof readCfdiDetails>;
  try {
    details = readCfdiDetails(xml);
  } catch {
    return null;
  }
  const iva = (details.impuestos?.traslados ?? []).filter((line) => line.impuesto === IVA && line.importe !== null);
  return {
    uso_cfdi: details.receptor.uso_cfdi,
    metodo_pago: details.metodo_pago,
    forma_pago: details.forma_pago,
    tipo_cambio: details.tipo_cambio,
    iva_trasladado: iva.length === 0 ? null : iva.reduce((sum, line) => sum.plus(line.importe ?? '0'), new Decimal(0)).toFixed(2),
    retenciones: details.impuestos?.total_impuestos_retenidos ?? null,
  };
}

/** Each XML (null for metadata-only rows) to its extra columns (task `exports.row-extras`). */
export function rowExtrasTask(input: { xmls: (string | null)[] }): (RowExtras | null)[] {
  return input.xmls.map((xml) => (xml === null ? null : extrasOf(xml)));
}
