/**
 * One request item as the engine's ConceptoDraft (quantity, price, discount, c_ObjetoImp and the
 * item's taxes split into Traslados and Retenciones), for `computeTotals`.
 */
import type { ConceptoDraft } from '../../../cfdi/totals.ts';
import type { ItemInput } from '../request-schemas.ts';
import { defaultTaxObject, itemTaxSpecs } from './taxes.ts';

export function conceptoDraft(item: ItemInput): ConceptoDraft {
  const taxes = itemTaxSpecs(item.taxes);
  const draft: ConceptoDraft = {
    Cantidad: item.quantity ?? '1',
    ValorUnitario: item.unit_price ?? '',
    ObjetoImp: item.tax_object ?? defaultTaxObject(item.taxes),
  };
  if (item.discount !== undefined) draft.Descuento = item.discount;
  if (taxes.Traslados.length > 0) draft.Traslados = taxes.Traslados;
  if (taxes.Retenciones.length > 0) draft.Retenciones = taxes.Retenciones;
  return draft;
}
