/**
 * The steps of a crash-safe stamp, shared by POST /stamp and the recovery job:
 * 1. seal the CFDI and commit status `stamping` with the exact sealed XML (the recovery point);
 * 2. send that XML to the PAC;
 * 3. store the stamp, the usage record (and live credit) and `invoice.stamped` in one transaction,
 *    with the automatic e-mail when the invoice or its profile asks for one (automatic-email.ts).
 * Whoever finds an invoice still `stamping` (a retry, or the job after a crash) asks the PAC for
 * the stamp of that same XML first and adopts it, so a CFDI never gets a second UUID; a CFDI the
 * PAC never saw is sent again, byte for byte, and the PAC's duplicate rule covers any overlap.
 *
 * The issuer's seal makes identical content possible from two drafts: two profiles of one RFC (in
 * one organization or two) with the same CSD, sealing the same items in the same second, produce
 * the same CFDI, and the PAC answers the second with the first's stamp. That UUID is never
 * adopted: the invoice is sealed again with a later Fecha (a distinct CFDI for the SAT), or, when
 * the clock has not moved on, goes back to `draft` with the reason (docs/contract.md §4).
 */
import type { Comprobante } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { sealComprobante } from '../../cfdi/seal.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { StampResult } from '../../providers/pac/index.ts';
import { ProviderError, providerProblem, type ProblemPolicy } from '../../platform/providers/errors.ts';
import type { SerializedFiscalProfile, StampingProfile } from '../fiscal-profiles/index.ts';
import type { EventStatementOutput } from '../events/index.ts';
import { stampUsageCtes } from '../usage/index.ts';
import { planAutomaticEmail, queueAutomaticEmail } from './automatic-email.ts';
import { invoiceStatementEvents, profileObject } from './context.ts';
import { emisorOf } from './draft/parties.ts';
import { issuerOf, issuerTimeZone } from './draft/context.ts';
import type { InvoiceDeps } from './ports.ts';
import type sealTask from './seal-task.ts';
import { belongsOnPool, defineTask } from '../../platform/workers/task.ts';
import { findInvoiceById, transitionInvoice, updateInvoice, type InvoiceChanges, type InvoiceRow } from './repository.ts';
import { IF_UPDATED, transitionInvoiceWith } from './statements.ts';
import { instantOf, localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';

/** Seconds a client should wait before retrying a stamp whose outcome is not known yet. */
const STAMP_RETRY_AFTER_SECONDS = 5;
/**
 * The SAT stamps a CFDI up to 72 hours after its Fecha. A recovery point older than this, which the
 * PAC never saw, is sealed again with a current Fecha rather than sent to certain rejection.
 */
const RESEAL_AFTER_MS = 70 * 3_600_000;

/** The PAC's stamp belongs to another invoice: the same CFDI, sealed from another draft. */
class ForeignStamp extends Error {
  constructor(readonly uuid: string) {
    super(`UUID ${uuid} belongs to another invoice`);
  }
}

const UNIQUE_VIOLATION = '23505';
const MAX_COLLISIONS = 3;

function isUuidTaken(error: unknown): boolean {
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === 'invoices_uuid' || (typeof message === 'string' && message.includes('invoices_uuid')));
}

/** Fecha of a sealed CFDI, read from its root element. */
function fechaOf(xml: string): string | undefined {
  return /<cfdi:Comprobante\b[^>]*?\sFecha="([^"]+)"/.exec(xml)?.[1];
}

/** A sealed CFDI on its way to the PAC, with what is already known about it (saves reading it again). */
export interface Sealed {
  xml: string;
  /** The sealed model, when this process built it (a recovery point read back has only the XML). */
  comprobante?: Comprobante;
  /** The embedded fiscal_profile of the resource, when already read. */
  profile?: SerializedFiscalProfile;
}

/** The stored invoice and, when known, its embedded fiscal profile. */
export interface StampOutcome {
  row: InvoiceRow;
  profile?: SerializedFiscalProfile;
}

/** Conceptos plus Pagos' related documents: what the cadena and the XML grow with. */
function documentSize(comprobante: Comprobante): number {
  let size = comprobante.Conceptos.length;
  for (const item of comprobante.Complemento ?? []) {
    if ('Pagos' in item) for (const pago of item.Pagos.Pago) size += 1 + pago.DoctoRelacionado.length;
  }
  return size;
}

const SEAL_TASK = defineTask<typeof sealTask>('invoices.seal');

/** The draft's model with the issuer as the profile describes it now, Fecha now, sealed with its CSD. */
export async function sealDraft(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, stamping: StampingProfile): Promise<Sealed> {
  const { view, credential } = stamping;
  const comprobante: Comprobante = {
    ...row.comprobante,
    Emisor: emisorOf(issuerOf(view)),
    LugarExpedicion: view.zip,
    Fecha: localDateTime(ctx.services.clock.now(), issuerTimeZone(deps.catalogs, view.zip)),
  };
  // A Pagos of 5,000 related documents would hold the loop for a second; typical invoices stay here.
  if (belongsOnPool({ nodes: documentSize(comprobante) })) {
    const sealed = await ctx.services.workers.run(
      SEAL_TASK,
      { comprobante, certificateDer: credential.certificate.der, privateKey: credential.privateKey },
      { tenant: ctx.organizationId },
    );
    return { xml: sealed.xml, comprobante: { ...comprobante, ...sealed.seal }, profile: stamping.fiscalProfile };
  }
  const sealed = await sealComprobante(comprobante, credential);
  return { xml: writeCfdi(sealed.comprobante), comprobante: sealed.comprobante, profile: stamping.fiscalProfile };
}

/** Commits the recovery point; undefined when another request moved the invoice first. */
export async function commitRecoveryPoint(ctx: Ctx, row: InvoiceRow, sealedXml: string, from: 'draft' | 'stamping'): Promise<InvoiceRow | undefined> {
  const now = ctx.services.clock.now();
  return transitionInvoice(ctx.db, row, [from], { status: 'stamping', sealed_xml: sealedXml, sealed_at: now, error: null, updated_at: now });
}

/** A transient PAC failure leaves the invoice `stamping`: the caller retries, and the retry asks the PAC before stamping again. */
const STAMP_PROBLEM: ProblemPolicy = {
  retryAfterSeconds: STAMP_RETRY_AFTER_SECONDS,
  code: (error) => (error.transient ? 'pac.internal_error' : error.code),
  transientDetail: (error) => ({
    en: `The stamp's outcome is not known yet (${error.detail}); retry with the same Idempotency-Key: a stamp already made is returned, never repeated.`,
    es: 'Aún no se sabe si el PAC timbró la factura; vuelva a intentarlo con la misma `Idempotency-Key`: un timbre ya hecho se devuelve, nunca se repite.',
  }),
};

/** A PAC failure: definitive ones put the invoice back to draft with `error`; the rest leave it `stamping`. */
async function stampFailed(ctx: Ctx, row: InvoiceRow, error: unknown): Promise<never> {
  if (!(error instanceof ProviderError)) throw error;
  if (error.transient) throw providerProblem(error, STAMP_PROBLEM);
  await updateInvoice(ctx.db, row.id, ['stamping'], {
    status: 'draft',
    sealed_xml: null,
    sealed_at: null,
    error: `${error.code}: ${error.detail}`,
    updated_at: ctx.services.clock.now(),
  });
  throw providerProblem(error, STAMP_PROBLEM);
}

/** The stamped model kept for the resource (the XML keeps the seal, certificate and timbre). */
function storedModel(stamped: Comprobante): Comprobante {
  const { Sello: _sello, Certificado: _certificado, Complemento, ...rest } = stamped;
  const complements = (Complemento ?? []).filter((item) => !('TimbreFiscalDigital' in item));
  return complements.length > 0 ? { ...rest, Complemento: complements } : rest;
}

/**
 * Stores the stamp with its usage record and event, in one statement. The PAC adds only the
 * TimbreFiscalDigital to the sealed document, so the sealed model stands for the stamped one.
 * The usage record and, live, one credit (docs/contract.md §7): the stamp exists at the PAC by now, so it
 * is stored even if a concurrent stamp took the last credit since the check before the call.
 */
async function finishStamp(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, result: StampResult, known: Omit<Sealed, 'xml'> = {}): Promise<StampOutcome> {
  const profile = known.profile ?? (await profileObject(ctx, row.fiscal_profile_id));
  const stamped = known.comprobante ?? parseCfdi(result.xml).comprobante;
  const now = ctx.services.clock.now();
  const changes: InvoiceChanges = {
    status: 'stamped',
    xml: result.xml,
    uuid: result.uuid,
    stamped_at: instantOf(result.fechaTimbrado, MEXICO_CITY_TIME_ZONE),
    sello_cfd: stamped.Sello ?? '',
    sello_sat: result.selloSat,
    no_certificado_sat: result.noCertificadoSat,
    sealed_xml: null,
    sealed_at: null,
    error: null,
    comprobante: storedModel(stamped),
    updated_at: now,
  };
  const events = invoiceStatementEvents(ctx, ['invoice.stamped'], { ...row, ...changes } as InvoiceRow, profile, { when: IF_UPDATED });
  const usage = stampUsageCtes({ organizationId: row.organization_id, mode: row.mode, resourceId: row.id, at: now }, IF_UPDATED);
  const email = await planAutomaticEmail(ctx, deps, row, profile, 'invoice');
  // Nothing is stored before the statement runs: a crash here leaves the invoice `stamping`.
  deps.crashHook?.('before_commit', row);
  const store = (db: Db) =>
    transitionInvoiceWith<EventStatementOutput>(db, row, ['stamping'], changes, {
      ctes: [usage, events.parts.ctes],
      columns: [events.parts.columns],
    });
  let stored;
  try {
    // One statement, unless an automatic e-mail is to be queued with the stamp: then a transaction.
    stored = email
      ? await ctx.db.transaction().execute(async (trx) => {
          const result = await store(trx);
          if (result.updated) await queueAutomaticEmail(trx, ctx.services, row, email);
          return result;
        })
      : await store(ctx.db);
  } catch (error) {
    // The statement is atomic: nothing of it was stored.
    if (isUuidTaken(error)) throw new ForeignStamp(result.uuid);
    throw error;
  }
  const { updated, output } = stored;
  await events.settle(ctx.db, output, updated !== undefined);
  // Another request or the recovery job stored the same stamp first.
  return { row: updated ?? (await findInvoiceById(ctx.db, row.id)) ?? row, profile };
}

/** Sends the recovery point's XML to the PAC and stores the answer. */
export async function sendToPac(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow, sealed: Sealed, collisions = 0): Promise<StampOutcome> {
  const pac = deps.pacFor(row.mode);
  let result: StampResult;
  try {
    result = await pac.stamp(sealed.xml);
  } catch (error) {
    const previous = error instanceof ProviderError && error.code === 'pac.duplicate' ? await pac.stamped(sealed.xml).catch(() => null) : null;
    if (!previous) return stampFailed(ctx, row, error);
    result = previous;
  }
  deps.crashHook?.('after_pac_call', row);
  const { xml: _xml, ...known } = sealed;
  return finishOwnStamp(ctx, deps, row, result, sealed.xml, known, collisions);
}

/** finishStamp, unless the stamp is another invoice's: then seal again (once) or give up cleanly. */
async function finishOwnStamp(
  ctx: Ctx,
  deps: InvoiceDeps,
  row: InvoiceRow,
  result: StampResult,
  sealedXml: string,
  known: Omit<Sealed, 'xml'> = {},
  collisions = 0,
): Promise<StampOutcome> {
  try {
    return await finishStamp(ctx, deps, row, result, known);
  } catch (error) {
    if (!(error instanceof ForeignStamp)) throw error;
    return stampAgainDistinct(ctx, deps, row, sealedXml, error.uuid, collisions + 1);
  }
}

/**
 * The sealed XML is byte for byte another invoice's CFDI, so it can never have a UUID of its own.
 * Sealed again now, it differs by its Fecha, unless the clock is still in the same second: then
 * the invoice goes back to `draft` with the reason and the caller retries after a second.
 */
async function stampAgainDistinct(
  ctx: Ctx,
  deps: InvoiceDeps,
  row: InvoiceRow,
  sealedXml: string,
  foreignUuid: string,
  collisions: number,
): Promise<StampOutcome> {
  const stamping = await deps.fiscalProfiles.findProfileForStamping(ctx, row.fiscal_profile_id);
  const resealed = await sealDraft(ctx, deps, row, stamping);
  // A third collision in a row means identical drafts keep racing this one: the caller decides.
  if (fechaOf(resealed.xml) === fechaOf(sealedXml) || collisions >= MAX_COLLISIONS) {
    const detail = `Invoice ${row.id} is identical to another invoice of issuer ${stamping.view.rfc} sealed in the same second and stamped first (UUID ${foreignUuid}); stamp it again: sealed a second later it is a distinct CFDI.`;
    const detailEs = `La factura ${row.id} es idéntica a otra del emisor ${stamping.view.rfc} sellada en el mismo segundo y timbrada antes (UUID ${foreignUuid}); vuelva a timbrarla: sellada un segundo después es un CFDI distinto.`;
    await updateInvoice(ctx.db, row.id, ['stamping'], {
      status: 'draft',
      sealed_xml: null,
      sealed_at: null,
      error: `invoice.stamp_collision: ${detail}`,
      updated_at: ctx.services.clock.now(),
    });
    throw new ApiError('invoice.stamp_collision', { en: detail, es: detailEs }, { headers: { 'Retry-After': '1' } });
  }
  const moved = await commitRecoveryPoint(ctx, row, resealed.xml, 'stamping');
  if (!moved) return { row: (await findInvoiceById(ctx.db, row.id)) ?? row };
  return sendToPac(ctx, deps, moved, resealed, collisions);
}

/**
 * Finishes an invoice left `stamping`: adopt the PAC's stamp of the recovery point's XML when it
 * has one; otherwise send the same XML again, or seal anew when its Fecha is about to leave the
 * SAT's 72-hour window.
 */
export async function resumeStamping(ctx: Ctx, deps: InvoiceDeps, row: InvoiceRow): Promise<StampOutcome> {
  const sealedXml = row.sealed_xml;
  if (sealedXml === null) return { row };
  const pac = deps.pacFor(row.mode);
  let previous: StampResult | null;
  try {
    previous = await pac.stamped(sealedXml);
  } catch (error) {
    // Whatever the PAC said, the invoice stays `stamping` until it is asked again.
    throw error instanceof ProviderError ? providerProblem(error, { ...STAMP_PROBLEM, pending: true }) : error;
  }
  if (previous) return finishOwnStamp(ctx, deps, row, previous, sealedXml);
  const age = ctx.services.clock.now().getTime() - (row.sealed_at?.getTime() ?? 0);
  if (age < RESEAL_AFTER_MS) return sendToPac(ctx, deps, row, { xml: sealedXml });
  const stamping = await deps.fiscalProfiles.findProfileForStamping(ctx, row.fiscal_profile_id);
  const resealed = await sealDraft(ctx, deps, row, stamping);
  const moved = await commitRecoveryPoint(ctx, row, resealed.xml, 'stamping');
  return moved ? sendToPac(ctx, deps, moved, resealed) : { row: (await findInvoiceById(ctx.db, row.id)) ?? row };
}
