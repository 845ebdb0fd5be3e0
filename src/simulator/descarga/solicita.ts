/**
 * SolicitaDescargaEmitidos / SolicitaDescargaRecibidos / SolicitaDescargaFolio
 * (/SolicitaDescargaService.svc). Checks the token (300), the signed request (301-305), the
 * parameters, then the SAT's limits: 5002 after 2 requests with the same parameters, 5005 while
 * one of them is still current, 5011 for a folio asked too often in a day, 5012 for a cancelled
 * folio. An accepted request is counted at once (the SAT rejects more than 200,000 XML or
 * 1,000,000 metadata records with 5003 when it is verified) and answered with its IdSolicitud.
 */
import { randomUUID } from 'node:crypto';
import { CodEstatus } from './codes.ts';
import type { SatStatus } from './codes.ts';
import type { SoapEnvelope } from './envelope.ts';
import { localDateTime } from './local-time.ts';
import { magicOf } from './magic.ts';
import type { Magic } from './magic.ts';
import { packageCount } from './packages.ts';
import { OPERATIONS, fingerprintOf, readQuery } from './query.ts';
import type { DescargaQuery } from './query.ts';
import { solicitaResponse } from './responses.ts';
import type { SoapAnswer } from './responses.ts';
import { countEntries, selectEntries } from './selection.ts';
import { checkToken } from './service.ts';
import type { DescargaService } from './service.ts';
import { readSignedRequest } from './signed-request.ts';
import type { RequestOutcome } from './store.ts';
import { defaultRegimen } from './synthetic-xml.ts';

const HOUR_MS = 3_600_000;

/** 5002 / 5005 / 5011 from the earlier requests with the same parameters. */
async function limitStatus(service: DescargaService, query: DescargaQuery, now: Date): Promise<SatStatus | undefined> {
  const { settings, deps } = service;
  const previous = await service.store.identicalRequests(fingerprintOf(query));
  if (query.operation === 'folio') {
    const today = localDateTime(now, deps.settings.timeZone).slice(0, 10);
    const sameDay = previous.filter((request) => localDateTime(request.createdAt, deps.settings.timeZone).startsWith(today));
    return sameDay.length >= settings.folioRequestsPerDay ? CodEstatus.folioDailyLimit : undefined;
  }
  if (previous.length >= settings.identicalRequests) return CodEstatus.lifetimeExhausted;
  const lifetime = settings.packageLifetimeHours * HOUR_MS;
  const current = previous.some(
    (request) =>
      request.outcome === 'never_ready' ||
      now.getTime() < request.readyAt.getTime() ||
      (request.outcome === 'finished' && now.getTime() < request.readyAt.getTime() + lifetime),
  );
  return current ? CodEstatus.duplicate : undefined;
}

/** A folio whose CFDI is cancelled cannot be downloaded as XML (5012). */
async function cancelledFolio(service: DescargaService, query: DescargaQuery, now: Date): Promise<boolean> {
  if (query.operation !== 'folio') return false;
  const [entry] = await selectEntries(service.builder.context, query, now);
  const cancelledAt = entry === undefined ? null : entry.origin === 'ledger' ? (entry.cfdi.cancelledAt?.getTime() ?? null) : entry.cfdi.cancelledAt;
  return cancelledAt !== null && cancelledAt <= now.getTime();
}

function outcomeOf(magic: Magic | undefined, count: number, maximum: number): RequestOutcome {
  if (magic === 'over_limit') return 'too_many';
  if (magic === 'never_ready') return 'never_ready';
  if (magic === 'failed') return 'error';
  if (count === 0) return 'no_data';
  return count > maximum ? 'too_many' : 'finished';
}

/** The synthetic history names the profile as its registered taxpayer; register it on first contact. */
async function registerOwner(service: DescargaService, rfc: string, name: string, now: Date): Promise<void> {
  const { ledger } = service.deps;
  if (await ledger.getTaxpayer(rfc)) return;
  await ledger.upsertTaxpayer({ rfc, name, regimenFiscal: defaultRegimen(rfc), postalCode: '06000', inLco: true, efos: '200' }, now);
}

async function accept(service: DescargaService, query: DescargaQuery, now: Date): Promise<string> {
  const { settings, store, builder } = service;
  const magic = magicOf(query);
  const count = await countEntries(builder.context, query, now);
  const maximum = query.requestType === 'CFDI' ? settings.maxCfdiPerRequest : settings.maxMetadataPerRequest;
  const outcome = outcomeOf(magic, count, maximum);
  const perPackage = query.requestType === 'CFDI' ? settings.cfdiPerPackage : settings.metadataPerPackage;
  const id = randomUUID();
  await store.insertRequest({
    id,
    requesterRfc: query.requester,
    query,
    fingerprint: fingerprintOf(query),
    asOf: now,
    createdAt: now,
    readyAt: new Date(now.getTime() + settings.processingSeconds * 1000),
    outcome,
    cfdiCount: count,
    packageCount: outcome === 'finished' ? packageCount(count, perPackage) : 0,
  });
  return id;
}

export async function solicita(
  service: DescargaService,
  envelope: SoapEnvelope,
  operationName: string,
  authorization: string | undefined,
): Promise<SoapAnswer> {
  const refusedToken = checkToken(service, authorization);
  if (refusedToken) return solicitaResponse(operationName, refusedToken);
  const now = service.deps.clock.now();
  const signed = await readSignedRequest(envelope, 'solicitud', service.deps.ca, now);
  if (!signed.ok) return solicitaResponse(operationName, signed.status);
  const read = readQuery(signed.request, OPERATIONS[operationName]!, now, service.deps.settings.timeZone);
  const requester = signed.request.certificate.rfc;
  if (!read.ok) return solicitaResponse(operationName, read.status, undefined, requester);
  const query = read.query;
  const magic = magicOf(query);
  if (magic === 'refused') return solicitaResponse(operationName, CodEstatus.thirdPartyNotAuthorized, undefined, requester);
  if (magic === 'uncontrolled') return solicitaResponse(operationName, CodEstatus.uncontrolled, undefined, requester);
  const limited = await limitStatus(service, query, now);
  if (limited) return solicitaResponse(operationName, limited, undefined, requester);
  if (await cancelledFolio(service, query, now)) return solicitaResponse(operationName, CodEstatus.cancelledFolio, undefined, requester);
  await registerOwner(service, requester, signed.request.certificate.legalName, now);
  const id = await accept(service, query, now);
  return solicitaResponse(operationName, CodEstatus.accepted, id, requester);
}
