/** Everything the mapper needs for one request: the issuer, the catalogs, time and references. */
import { DEFAULT_TIME_ZONE } from '../../../cfdi/rules/index.ts';
import type { Comprobante } from '../../../cfdi/model.ts';
import type { Ctx } from '../../../platform/context.ts';
import type { FiscalProfileView } from '../../fiscal-profiles/index.ts';
import type { InvoiceCatalogs } from '../ports.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import type { Issuer } from './parties.ts';
import { loadReferences } from './references.ts';
import { draftComprobante, type DraftContext } from './validate.ts';

export function issuerOf(profile: Pick<FiscalProfileView, 'rfc' | 'legal_name' | 'tax_regime' | 'zip'>): Issuer {
  return { rfc: profile.rfc, legalName: profile.legal_name, taxRegime: profile.tax_regime, zip: profile.zip };
}

/** docs/contract.md §2: Fecha is local time at LugarExpedicion (c_CodigoPostal zone; default Mexico City). */
export function issuerTimeZone(catalogs: InvoiceCatalogs, zip: string): string {
  return catalogs.index.postalCodeTimeZone(zip) ?? DEFAULT_TIME_ZONE;
}

/** Validates a request for this profile and returns its CFDI model, or throws 422 cfdi.invalid_input. */
export async function validatedComprobante(ctx: Ctx, catalogs: InvoiceCatalogs, profile: FiscalProfileView, input: InvoiceInput): Promise<Comprobante> {
  const references = await loadReferences(ctx.db, { organizationId: ctx.organizationId, mode: ctx.mode }, input);
  const context: DraftContext = {
    issuer: issuerOf(profile),
    currencyDecimals: (code) => catalogs.index.currencyDecimals(code),
    references,
    catalogs,
    now: ctx.services.clock.now(),
    timeZone: issuerTimeZone(catalogs, profile.zip),
  };
  return draftComprobante(input, context);
}
