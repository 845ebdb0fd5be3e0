/**
 * Where an engine finding belongs in the caller's request. The engine reports in SAT terms, as
 * XPath-like locations (`/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@ValorUnitario`) or
 * dotted paths of its drafts (`Conceptos.1.ValorUnitario`); the API answers with request paths
 * (`items.1.unit_price`), and speaks the API's names in messages too.
 */
import type { InvoiceInput } from '../request-schemas.ts';
import { splitTaxes } from './taxes.ts';

// A wrapper element and its indexed child collapse into the wrapper's name and the index.
const WRAPPED: Readonly<Record<string, string>> = {
  Concepto: 'Conceptos',
  Traslado: 'Traslados',
  Retencion: 'Retenciones',
  TrasladoDR: 'TrasladosDR',
  RetencionDR: 'RetencionesDR',
  TrasladoP: 'TrasladosP',
  RetencionP: 'RetencionesP',
};
// Containers that carry no index of their own in the dotted form.
const TRANSPARENT = new Set(['Complemento', 'Pagos', 'Impuestos', 'ImpuestosDR', 'ImpuestosP']);

/** `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe` → `Conceptos.1.Importe`. */
export function dottedPath(xpath: string): string {
  if (!xpath.startsWith('/')) return xpath;
  const out: string[] = [];
  const parts = xpath
    .split('/')
    .filter((part) => part !== '')
    .slice(1);
  parts.forEach((raw, position) => {
    const local = raw.replace(/^@/, '').replace(/^[A-Za-z0-9]+:/, '');
    const match = /^(.+)\[(\d+)\]$/.exec(local);
    // Impuestos directly under the Comprobante is the totals node, not a container.
    if (TRANSPARENT.has(local) && !(local === 'Impuestos' && position === 0)) return;
    if (!match) {
      out.push(local);
      return;
    }
    const name = match[1]!;
    const index = String(Number(match[2]) - 1);
    const wrapper = WRAPPED[name];
    if (wrapper && out[out.length - 1] === wrapper) out.push(index);
    else if (wrapper) out.push(wrapper, index);
    else out.push(name, index);
  });
  return out.join('.');
}

const ITEM_FIELDS: Readonly<Record<string, string>> = {
  ClaveProdServ: 'product_key',
  ClaveUnidad: 'unit_key',
  Unidad: 'unit',
  NoIdentificacion: 'sku',
  Descripcion: 'description',
  Cantidad: 'quantity',
  ValorUnitario: 'unit_price',
  Descuento: 'discount',
  ObjetoImp: 'tax_object',
};
const TAX_FIELDS: Readonly<Record<string, string>> = {
  Impuesto: 'type',
  TipoFactor: 'factor',
  TasaOCuota: 'rate',
  Base: 'base',
  ImpuestoDR: 'type',
  TipoFactorDR: 'factor',
  TasaOCuotaDR: 'rate',
  BaseDR: 'base',
};
const DOCUMENT_FIELDS: Readonly<Record<string, string>> = {
  Serie: 'serie',
  Folio: 'folio',
  MonedaDR: 'currency',
  EquivalenciaDR: 'equivalence',
  NumParcialidad: 'installment',
  ImpSaldoAnt: 'previous_balance',
  ImpPagado: 'amount_paid',
  ImpSaldoInsoluto: 'amount_paid',
  ObjetoImpDR: 'tax_object',
};
const PAYMENT_FIELDS: Readonly<Record<string, string>> = {
  FechaPago: 'date',
  FormaDePagoP: 'payment_form',
  MonedaP: 'currency',
  TipoCambioP: 'exchange_rate',
  Monto: 'amount',
  NumOperacion: 'operation_number',
  DoctoRelacionado: 'documents',
};
const RECEPTOR_FIELDS: Readonly<Record<string, string>> = {
  Rfc: 'customer.rfc',
  Nombre: 'customer.name',
  DomicilioFiscalReceptor: 'customer.postal_code',
  RegimenFiscalReceptor: 'customer.tax_regime',
  ResidenciaFiscal: 'customer.country',
  NumRegIdTrib: 'customer.tax_id',
};
const ROOT_FIELDS: Readonly<Record<string, string>> = {
  Serie: 'serie',
  Folio: 'folio',
  FormaPago: 'payment_form',
  MetodoPago: 'payment_method',
  CondicionesDePago: 'conditions',
  Moneda: 'currency',
  TipoCambio: 'exchange_rate',
  Exportacion: 'export',
  TipoDeComprobante: 'type',
  LugarExpedicion: 'fiscal_profile_id',
  Emisor: 'fiscal_profile_id',
  SubTotal: 'items',
  Descuento: 'items',
  Total: 'items',
  Impuestos: 'items',
  Conceptos: 'items',
  Pago: 'payments',
  Totales: 'payments',
  Fecha: 'fiscal_profile_id',
};
const GLOBAL_FIELDS: Readonly<Record<string, string>> = { Periodicidad: 'periodicity', Meses: 'months', Año: 'year' };

/** The request field that carried the CFDI use (it has three spellings). */
export function usePath(input: Partial<InvoiceInput>): string {
  if (input.customer?.cfdi_use === undefined && input.customer?.use !== undefined) return 'customer.use';
  if (input.customer?.cfdi_use === undefined && input.use !== undefined) return 'use';
  return 'customer.cfdi_use';
}

function taxPath(base: string, taxes: Parameters<typeof splitTaxes>[0], kind: string, index: string, field: string | undefined): string {
  const split = splitTaxes(taxes);
  const list = /^Retenciones/.test(kind) ? split.retenciones : split.traslados;
  const original = list[Number(index)];
  if (original === undefined) return `${base}.taxes`;
  const name = field === undefined ? undefined : TAX_FIELDS[field];
  return name ? `${base}.taxes.${original}.${name}` : `${base}.taxes.${original}`;
}

function relatedPath(input: Partial<InvoiceInput>, group: number, rest: string[]): string {
  const base = `related.${group}`;
  if (rest[0] === 'TipoRelacion') return `${base}.relationship`;
  if (rest[0] !== 'CfdiRelacionado' || rest[1] === undefined) return base;
  const position = Number(rest[1]);
  const uuids = input.related?.[group]?.uuids?.length ?? 0;
  return position < uuids ? `${base}.uuids.${position}` : `${base}.invoices.${position - uuids}`;
}

function paymentPath(input: Partial<InvoiceInput>, segments: string[]): string {
  const [, pago, third, docto, ...rest] = segments;
  const base = `payments.${pago}`;
  if (third === undefined) return base;
  if (third !== 'DoctoRelacionado') return PAYMENT_FIELDS[third] ? `${base}.${PAYMENT_FIELDS[third]}` : base;
  if (docto === undefined) return `${base}.documents`;
  const documentBase = `${base}.documents.${docto}`;
  const [field, index, taxField] = rest;
  if (field === undefined) return documentBase;
  if (field === 'TrasladosDR' || field === 'RetencionesDR') {
    const taxes = input.payments?.[Number(pago)]?.documents?.[Number(docto)]?.taxes;
    return index === undefined ? `${documentBase}.taxes` : taxPath(documentBase, taxes, field, index, taxField);
  }
  if (field === 'IdDocumento') {
    const given = input.payments?.[Number(pago)]?.documents?.[Number(docto)];
    return `${documentBase}.${given?.uuid === undefined && given?.invoice !== undefined ? 'invoice' : 'uuid'}`;
  }
  return DOCUMENT_FIELDS[field] ? `${documentBase}.${DOCUMENT_FIELDS[field]}` : documentBase;
}

function itemPath(input: Partial<InvoiceInput>, segments: string[]): string {
  const [, item, field, index, taxField] = segments;
  if (item === undefined) return 'items';
  const base = `items.${item}`;
  if (field === 'Traslados' || field === 'Retenciones') {
    return index === undefined ? `${base}.taxes` : taxPath(base, input.items?.[Number(item)]?.taxes, field, index, taxField);
  }
  return field !== undefined && ITEM_FIELDS[field] ? `${base}.${ITEM_FIELDS[field]}` : base;
}

/** An engine path (XPath-like or dotted) as the request path it came from. */
export function apiPath(enginePath: string, input: Partial<InvoiceInput>): string {
  const segments = dottedPath(enginePath)
    .split('.')
    .filter((segment) => segment !== '');
  const [head, second] = segments;
  if (head === undefined) return enginePath.includes('Complemento') ? 'payments' : '';
  if (head === 'Conceptos') return itemPath(input, segments);
  if (head === 'Pago') return paymentPath(input, segments);
  if (head === 'CfdiRelacionados') return second === undefined ? 'related' : relatedPath(input, Number(second), segments.slice(2));
  if (head === 'InformacionGlobal') return second && GLOBAL_FIELDS[second] ? `global.${GLOBAL_FIELDS[second]}` : 'global';
  if (head === 'Receptor') return second === 'UsoCFDI' ? usePath(input) : (second && RECEPTOR_FIELDS[second]) || 'customer';
  return ROOT_FIELDS[head] ?? enginePath;
}

const VOCABULARY: ReadonlyArray<readonly [RegExp, string]> = [
  [/the InformacionGlobal node/g, 'the `global` object (periodicity, months, year)'],
  [/ \((Impuestos|ImpuestosDR) node\)/g, ''],
  [/\bValorUnitario\b/g, 'unit_price'],
  [/\bCantidad\b/g, 'quantity'],
  [/\bDescuento\b/g, 'discount'],
  [/\bObjetoImp\b/g, 'tax_object'],
  [/\bTasaOCuota(DR)?\b/g, 'rate'],
  [/\bTipoFactor(DR)?\b/g, 'factor'],
  [/\bClaveProdServ\b/g, 'product_key'],
  [/\bClaveUnidad\b/g, 'unit_key'],
  [/\bFormaPago\b/g, 'payment_form'],
  [/\bMetodoPago\b/g, 'payment_method'],
  [/\bTipoCambio\b/g, 'exchange_rate'],
  [/\bMoneda\b/g, 'currency'],
  [/\bUsoCFDI\b/g, 'cfdi_use'],
  [/\bRegimenFiscalReceptor\b/g, 'customer tax_regime'],
  [/\bDomicilioFiscalReceptor\b/g, 'customer postal_code'],
  [/\bImpSaldoAnt\b/g, 'previous_balance'],
  [/\bImpPagado\b/g, 'amount_paid'],
  [/\bEquivalenciaDR\b/g, 'equivalence'],
  [/\bTipoCambioP\b/g, 'exchange_rate'],
  // Both are `currency` in the request: a message naming both says whose.
  [/\bMonedaP\b/g, "the payment's currency"],
  [/\bMonedaDR\b/g, "the document's currency"],
  [/\bFechaPago\b/g, 'date'],
  [/\bNumParcialidad\b/g, 'installment'],
  [/\bMonto\b/g, 'amount'],
  [/\bDescripcion\b/g, 'description'],
  [/\bNombre\b/g, 'name'],
];

/** An engine message with the request's field names in place of the SAT attribute names. */
export function apiMessage(message: string): string {
  return VOCABULARY.reduce((text, [pattern, name]) => text.replace(pattern, name), message);
}
