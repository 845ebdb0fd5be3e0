/** Invoice rows as API objects, with their fiscal profiles embedded (one query per page). */
import type { Ctx } from '../../platform/context.ts';
import type { Page } from '../../platform/http/pagination.ts';
import { serializeFiscalProfilesById, type SerializedFiscalProfile } from '../fiscal-profiles/index.ts';
import type { InvoiceRow } from './repository.ts';
import { serializeInvoice } from './serialize.ts';
import type { InvoiceObject } from './schemas.ts';

export function invoiceObject(row: InvoiceRow, profile: SerializedFiscalProfile, baseUrl: string): InvoiceObject {
  return serializeInvoice(row, profile, baseUrl);
}

export async function pageObjects(ctx: Ctx, page: Page<InvoiceRow>, baseUrl: string): Promise<Page<InvoiceObject>> {
  const profiles = await serializeFiscalProfilesById(
    ctx,
    page.data.map((row) => row.fiscal_profile_id),
  );
  return {
    ...page,
    data: page.data.map((row) => {
      const profile = profiles.get(row.fiscal_profile_id);
      // Invoices are deleted with their profile (ON DELETE CASCADE), so every row has one.
      if (!profile) throw new Error(`Fiscal profile ${row.fiscal_profile_id} of invoice ${row.id} is missing`);
      return serializeInvoice(row, profile, baseUrl);
    }),
  };
}

/** One invoice as an API object. */
export async function singleObject(ctx: Ctx, row: InvoiceRow, baseUrl: string): Promise<InvoiceObject> {
  return (await pageObjects(ctx, { object: 'list', url: '', data: [row], has_more: false }, baseUrl)).data[0]!;
}
