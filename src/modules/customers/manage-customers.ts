import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { paginate, type Page } from '../../platform/http/pagination.ts';
import { emitEvent, type EventType } from '../events/index.ts';
import { checkCustomer } from './checks.ts';
import type { CustomerDeps } from './ports.ts';
import { customersQuery, deleteCustomer, findCustomer, insertCustomer, updateCustomer, type CustomerRow, type Owner } from './repository.ts';
import type { CreateCustomerBody, ListCustomersQuery, UpdateCustomerBody } from './schemas.ts';
import { serializeCustomer } from './serialize.ts';

function ownerOf(ctx: Ctx): Owner {
  return { organizationId: ctx.organizationId, mode: ctx.mode };
}

async function recordEvent(db: Db, ctx: Ctx, type: Extract<EventType, `customer.${string}`>, row: CustomerRow): Promise<void> {
  await emitEvent(db, { organizationId: ctx.organizationId, mode: ctx.mode, type, object: serializeCustomer(row) }, ctx.services);
}

/** Stripe-style metadata update: keys are merged, and a key set to "" is removed. */
function mergeMetadata(current: Record<string, string>, changes: Record<string, string>): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const upper = (value: string) => value.trim().toUpperCase();

/** One of the caller's customers; an unknown or foreign id is not found. */
export async function getCustomer(ctx: Ctx, id: string): Promise<CustomerRow> {
  const row = isId('cus', id) ? await findCustomer(ctx.db, ownerOf(ctx), id) : undefined;
  if (!row) throw notFound('customer', id);
  return row;
}

export async function createCustomer(ctx: Ctx, deps: CustomerDeps, input: CreateCustomerBody): Promise<CustomerRow> {
  const receptor = {
    rfc: upper(input.rfc),
    legal_name: input.legal_name.trim(),
    tax_regime: input.tax_regime,
    postal_code: input.postal_code,
    cfdi_use: input.cfdi_use ?? null,
    country: input.country ?? null,
    tax_id: input.tax_id ?? null,
  };
  const verifiedAt = await checkCustomer(ctx, deps, receptor);
  const at = ctx.services.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await insertCustomer(trx, {
      id: newId('cus', at.getTime()),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      ...receptor,
      emails: input.emails ?? [],
      address: input.address ?? null,
      rfc_verified_at: verifiedAt,
      metadata: input.metadata ?? {},
      created_at: at,
      updated_at: at,
    });
    await recordEvent(trx, ctx, 'customer.created', row);
    return row;
  });
}

/** Updates a customer; any change to its receptor fields is checked again as on create. */
export async function changeCustomer(ctx: Ctx, deps: CustomerDeps, id: string, input: UpdateCustomerBody): Promise<CustomerRow> {
  const existing = await getCustomer(ctx, id);
  const receptor = {
    rfc: input.rfc !== undefined ? upper(input.rfc) : existing.rfc,
    legal_name: input.legal_name !== undefined ? input.legal_name.trim() : existing.legal_name,
    tax_regime: input.tax_regime ?? existing.tax_regime,
    postal_code: input.postal_code ?? existing.postal_code,
    cfdi_use: input.cfdi_use !== undefined ? input.cfdi_use : existing.cfdi_use,
    country: input.country ?? existing.country,
    tax_id: input.tax_id ?? existing.tax_id,
  };
  const receptorChanged = (Object.keys(receptor) as (keyof typeof receptor)[]).some((key) => receptor[key] !== existing[key]);
  const verifiedAt = receptorChanged ? await checkCustomer(ctx, deps, receptor) : existing.rfc_verified_at;
  const at = ctx.services.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await updateCustomer(trx, ownerOf(ctx), existing.id, {
      ...receptor,
      ...(input.emails !== undefined ? { emails: input.emails ?? [] } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.metadata !== undefined ? { metadata: mergeMetadata(existing.metadata, input.metadata) } : {}),
      rfc_verified_at: verifiedAt,
      updated_at: at,
    });
    if (!row) throw notFound('customer', id);
    await recordEvent(trx, ctx, 'customer.updated', row);
    return row;
  });
}

/** Deletes a customer. Invoices keep their own copy of the receptor, so none is affected. */
export async function removeCustomer(ctx: Ctx, id: string): Promise<void> {
  if (!isId('cus', id)) throw notFound('customer', id);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await deleteCustomer(trx, ownerOf(ctx), id);
    if (!row) throw notFound('customer', id);
    await recordEvent(trx, ctx, 'customer.deleted', row);
  });
}

/** `%` and `_` match themselves in a search. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The caller's customers, newest first, filtered by search text, RFC and régimen. */
export function listCustomers(ctx: Ctx, query: ListCustomersQuery, url: string): Promise<Page<CustomerRow>> {
  let rows = customersQuery(ctx.db, ownerOf(ctx));
  if (query.rfc !== undefined) rows = rows.where('rfc', '=', upper(query.rfc));
  if (query.tax_regime !== undefined) rows = rows.where('tax_regime', '=', query.tax_regime);
  if (query.search !== undefined) {
    const pattern = likePattern(query.search.trim());
    rows = rows.where((eb) => eb.or([eb('rfc', 'ilike', pattern), eb('legal_name', 'ilike', pattern)]));
  }
  return paginate(rows, query, { prefix: 'cus', idColumn: 'id', url });
}

/** A customer as an invoice's `customer` (the invoices module's port), or undefined when the caller has none with this id. */
/** The customer's e-mails, where an invoice drafted with its `customer_id` is e-mailed by default. */
export async function customerEmails(ctx: Ctx, id: string): Promise<string[]> {
  const row = isId('cus', id) ? await findCustomer(ctx.db, ownerOf(ctx), id) : undefined;
  return row?.emails ?? [];
}

export async function customerForInvoice(ctx: Ctx, id: string) {
  const row = isId('cus', id) ? await findCustomer(ctx.db, ownerOf(ctx), id) : undefined;
  if (!row) return undefined;
  return {
    rfc: row.rfc,
    name: row.legal_name,
    tax_regime: row.tax_regime,
    postal_code: row.postal_code,
    ...(row.cfdi_use !== null ? { cfdi_use: row.cfdi_use } : {}),
    ...(row.country !== null ? { country: row.country } : {}),
    ...(row.tax_id !== null ? { tax_id: row.tax_id } : {}),
  };
}
