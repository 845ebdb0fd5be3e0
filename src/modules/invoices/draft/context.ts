/** Everything the mapper needs for one request: the issuer, the catalogs, time and references. */
import { DEFAULT_TIME_ZONE } from '../../../cfdi/rules/index.ts';
import type { Comprobante } from '../../../cfdi/model.ts';
import type { Ctx } from '../../../platform/context.ts';
import type { FiscalProfileView } from '../../fiscal-profiles/index.ts';
import type { InvoiceCatalogs } from '../ports.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { catalogAnswers } from './catalog-answers.ts';
import type draftTask from './draft-task.ts';
import type { DraftTaskInput } from './draft-task.ts';
import { belongsOnPool, defineTask } from '../../../platform/workers/task.ts';
import type { Issuer } from './parties.ts';
import { findInvoicesByIds, type InvoiceScope } from '../repository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { isId } from '../../../platform/ids.ts';
import { referencedIds, referencesOf, type ReferencedRow } from './references.ts';
import { draftFindings, invalidInput, type DraftFindings } from './validate.ts';

export function issuerOf(profile: Pick<FiscalProfileView, 'rfc' | 'legal_name' | 'tax_regime' | 'zip'>): Issuer {
  return { rfc: profile.rfc, legalName: profile.legal_name, taxRegime: profile.tax_regime, zip: profile.zip };
}

/** docs/contract.md §2: Fecha is local time at LugarExpedicion (c_CodigoPostal zone; default Mexico City). */
export function issuerTimeZone(catalogs: InvoiceCatalogs, zip: string): string {
  return catalogs.index.postalCodeTimeZone(zip) ?? DEFAULT_TIME_ZONE;
}

const DRAFT_TASK = defineTask<typeof draftTask>('invoices.draft');
/** Rounds of unanswered catalog questions before the draft is built here instead (never seen past two). */
const MAX_POOL_ROUNDS = 4;

function draftSize(input: InvoiceInput): number {
  let size = input.items?.length ?? 0;
  for (const payment of input.payments ?? []) size += 1 + payment.documents.length;
  return size;
}

async function draftOnPool(ctx: Ctx, catalogs: InvoiceCatalogs, task: Omit<DraftTaskInput, 'answers'>): Promise<DraftFindings | undefined> {
  const source = { catalogs, caches: ctx.services.caches };
  let answers = catalogAnswers(source);
  for (let round = 0; round < MAX_POOL_ROUNDS; round += 1) {
    const output = await ctx.services.workers.run(DRAFT_TASK, { ...task, answers }, { tenant: ctx.organizationId });
    if ('findings' in output) return output.findings;
    answers = catalogAnswers(source, output.unanswered, answers);
  }
  return undefined;
}

/** The invoices the request refers to, in the caller's organization and mode (referencesOf reads them). */
async function loadReferencedRows(db: Db, scope: InvoiceScope, input: Partial<InvoiceInput>): Promise<ReferencedRow[]> {
  const ids = referencedIds(input).filter((id) => isId('inv', id));
  const rows = await findInvoicesByIds(db, scope, ids);
  return rows.map(({ id, uuid, status, serie, folio, currency }) => ({ id, uuid, status, serie, folio, currency }));
}

/**
 * The CFDI model of a request for this profile with every failing field: built on the worker pool
 * when it is large, here otherwise. Nothing is written.
 */
export async function comprobanteFindings(ctx: Ctx, catalogs: InvoiceCatalogs, profile: FiscalProfileView, input: InvoiceInput): Promise<DraftFindings> {
  const references = await loadReferencedRows(ctx.db, { organizationId: ctx.organizationId, mode: ctx.mode }, input);
  const task = { input, issuer: issuerOf(profile), references, now: ctx.services.clock.now(), timeZone: issuerTimeZone(catalogs, profile.zip) };
  if (belongsOnPool({ nodes: draftSize(input) })) {
    const built = await draftOnPool(ctx, catalogs, task);
    if (built) return built;
  }
  return draftFindings(input, {
    ...task,
    references: referencesOf(references),
    currencyDecimals: (code) => catalogs.index.currencyDecimals(code),
    catalogs,
  });
}

/** Validates a request for this profile and returns its CFDI model, or throws 422 cfdi.invalid_input. */
export async function validatedComprobante(ctx: Ctx, catalogs: InvoiceCatalogs, profile: FiscalProfileView, input: InvoiceInput): Promise<Comprobante> {
  const findings = await comprobanteFindings(ctx, catalogs, profile, input);
  if (findings.errors.length > 0) throw invalidInput(findings.errors);
  return findings.comprobante;
}
