/**
 * The columns a stored document takes from its index fields, shared by the worker-pool task that
 * builds a batch's rows (read-task.ts) and the store (store.ts). Pure: no database, no services.
 */
import type { CfdiIndex } from '../../cfdi/overview.ts';

/** `YYYY-MM-DD HH:mm:ss` (metadata) or `YYYY-MM-DDTHH:mm:ss` → the latter; '' → null. */
export function localText(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.trim().replace(' ', 'T').slice(0, 19);
}

/** The parsed columns of a document's index fields. */
export function parsedFields(index: CfdiIndex) {
  return {
    version: index.version,
    serie: index.serie,
    folio: index.folio,
    tipo_de_comprobante: index.tipoDeComprobante,
    fecha: localText(index.fecha),
    fecha_timbrado: localText(index.fechaTimbrado),
    emisor_rfc: index.emisorRfc,
    emisor_nombre: index.emisorNombre,
    receptor_rfc: index.receptorRfc,
    receptor_nombre: index.receptorNombre,
    moneda: index.moneda,
    sub_total: index.subTotal,
    descuento: index.descuento,
    total: index.total,
    rfc_pac: index.rfcPac,
  };
}
