/**
 * The invoice rules applied to one part of an invoice on its own: a receptor (a saved customer)
 * or an item (a saved product). The part is put in an otherwise valid one-item invoice, which goes
 * through the same mapper and CFDI engine as every draft; only the findings about the part are
 * kept, under the part's own field names. So a customer or product that passes here fails no rule
 * of its own when an invoice uses it.
 */
import { ApiError, type FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceCatalogs } from '../ports.ts';
import type { InvoiceInput, ItemInput } from '../request-schemas.ts';
import { issuerTimeZone } from './context.ts';
import { referencesOf } from './references.ts';
import { draftComprobante } from './validate.ts';

/** The receptor as a customer holds it (the invoice request's `customer` fields). */
export interface ReceptorFields {
  rfc: string;
  name: string;
  tax_regime: string;
  postal_code: string;
  cfdi_use?: string | undefined;
  country?: string | undefined;
  tax_id?: string | undefined;
}

// A minimal valid item and issuer (persona moral, régimen 601) for checking the other part; S01
// (sin efectos fiscales) stands in for a missing uso CFDI, since every régimen allows it.
const PLACEHOLDER_ITEM: ItemInput = { product_key: '01010101', unit_key: 'H87', description: 'Placeholder', unit_price: '1.00', tax_object: '01' };
const PLACEHOLDER_ISSUER = { rfc: 'AAA010101AAA', legalName: 'PLACEHOLDER', taxRegime: '601' };
const PLACEHOLDER_RECEPTOR = { rfc: 'AAA010101AAA', name: 'PLACEHOLDER', tax_regime: '601', postal_code: '06600', cfdi_use: 'G03' };

function partErrors(input: InvoiceInput, catalogs: InvoiceCatalogs, now: Date, zip: string, prefixes: string[]): FieldError[] {
  try {
    draftComprobante(input, {
      issuer: { ...PLACEHOLDER_ISSUER, zip },
      references: referencesOf([]),
      currencyDecimals: (code) => catalogs.index.currencyDecimals(code),
      catalogs,
      now,
      timeZone: issuerTimeZone(catalogs, zip),
    });
    return [];
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'cfdi.invalid_input') throw error;
    return (error.errors ?? []).filter((found) => prefixes.some((prefix) => found.path === prefix || found.path.startsWith(`${prefix}.`)));
  }
}

/**
 * The receptor rules (RFC, régimen for the persona, fiscal postal code, uso CFDI for the régimen,
 * the generic RFCs' values) over a customer; paths are the customer's fields (`tax_regime`…).
 * A generic RFC's postal code is the issuer's, so it is checked against itself here.
 */
export function receptorErrors(catalogs: InvoiceCatalogs, receptor: ReceptorFields, now: Date): FieldError[] {
  const zip = /^[0-9]{5}$/.test(receptor.postal_code) ? receptor.postal_code : '06600';
  const input: InvoiceInput = {
    fiscal_profile_id: 'placeholder',
    customer: { ...receptor, cfdi_use: receptor.cfdi_use ?? 'S01' },
    items: [PLACEHOLDER_ITEM],
    ...(receptor.rfc === 'XAXX010101000' ? { global: { periodicity: '01', months: '01', year: String(now.getUTCFullYear()) } } : {}),
  };
  return partErrors(input, catalogs, now, zip, ['customer', 'use']).map((found) => ({
    ...found,
    path: found.path === 'use' ? 'cfdi_use' : found.path.replace(/^customer\./, '').replace(/^use$/, 'cfdi_use'),
  }));
}

/** The item rules (catalog keys in force, amounts, taxes for the objeto de impuesto) over one item; paths are the item's fields. */
export function itemErrors(catalogs: InvoiceCatalogs, item: ItemInput, now: Date): FieldError[] {
  const input: InvoiceInput = { fiscal_profile_id: 'placeholder', customer: PLACEHOLDER_RECEPTOR, items: [item] };
  return partErrors(input, catalogs, now, PLACEHOLDER_RECEPTOR.postal_code, ['items.0', 'items']).map((found) => ({
    ...found,
    path: found.path.replace(/^items\.0\.?/, '').replace(/^items$/, '') || 'item',
  }));
}
