/**
 * What a PAC checks before it stamps (Anexo 20, CFF art. 29 and 29-A, the SAT's "Matriz de
 * errores" for CFDI 4.0), each failure with the code Finkok answers: 301 not well-formed, 705
 * structure, 302/CFDI40102 seal, 307 previously stamped, 707 already carries a timbre from
 * elsewhere, 308 certificate not issued by the SAT, 306 not a CSD, 303 certificate of another RFC,
 * 304 revoked or expired, 305 Fecha outside the CSD's validity, 403 Fecha before 2012, 401 Fecha in
 * the future or older than 72 hours, 402 emisor not in the LCO, CFDI40xxx for the SAT's content
 * validations (arithmetic, taxes, catalog-free rules of the engine).
 */
import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes } from '../../platform/caches/bounded-cache.ts';
import { isCfdiError } from '../../cfdi/errors.ts';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { findPagos, findTimbre } from '../../cfdi/model.ts';
import type { Comprobante } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import type { ParsedCfdi } from '../../cfdi/parse.ts';
import { inMemoryCatalogs, validateComprobante } from '../../cfdi/rules/index.ts';
import type { CatalogLookup, ValidationIssue } from '../../cfdi/rules/index.ts';
import { MONEDA } from '../../modules/catalogs/builtin/moneda.ts';
import { CredentialError, readCertificate } from '../../cfdi/credentials.ts';
import { cadenaOriginalFromElement } from '../../cfdi/cadena.ts';
import { checkSignature } from '../../cfdi/signature.ts';
import type { SimulatorDeps } from '../deps.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { LedgerCfdi, LedgerRelation } from '../ledger.ts';
import type { Incidencia } from './finkok.ts';
import { MAGIC_SERIE } from './magic.ts';
import { contentCode } from './content-codes.ts';
import { timbreSlot, type TimbreSlot } from './stamped-xml.ts';

/**
 * What the checks that need nothing but the document found (`examineCfdi`): a rejection, or what
 * the rest of the checks and the stamp need, small enough to cross from a worker thread.
 */
export type Examined =
  | { outcome: 'rejected'; incidencias: Incidencia[] }
  | {
      outcome: 'examined';
      subject: StampSubject;
      /** The content validations' incidencias (Matriz de errores), answered after the certificate, Fecha and LCO checks. */
      contentIncidencias: Incidencia[] | undefined;
    };

/** The comprobante as the stamp and the ledger need it. */
interface StampSubject extends Pick<LedgerCfdi, 'selloHash' | 'fecha' | 'emisorRfc' | 'emisorNombre' | 'receptorRfc' | 'receptorNombre' | 'tipo' | 'total'> {
  certificado: string;
  sello: string;
  serie: string | undefined;
  relations: LedgerRelation[];
  hasTimbre: boolean;
  slot: TimbreSlot;
}

export type StampCheck =
  | { outcome: 'stampable'; subject: StampSubject; certificate: SatCertificate }
  | { outcome: 'duplicate'; previous: LedgerCfdi }
  | { outcome: 'rejected'; incidencias: Incidencia[] };

const PARSE_FAILURES = new Set([
  'cfdi.parse_error',
  'cfdi.invalid_encoding',
  'cfdi.doctype_forbidden',
  'cfdi.xml_too_large',
  'cfdi.xml_too_deep',
  'cfdi.xml_too_complex',
  'cfdi.invalid_xml_char',
]);
const HOUR_MS = 3_600_000;
/** CFF art. 29-A / Anexo 20: a CFDI 4.0 cannot carry a Fecha before 2012 (code 403). */
const EARLIEST_FECHA = '2012-01-01T00:00:00';
const MAX_CONTENT_INCIDENCIAS = 20;

function reject(code: string, message: string, rfcEmisor?: string): { outcome: 'rejected'; incidencias: Incidencia[] } {
  return { outcome: 'rejected', incidencias: [rfcEmisor === undefined ? { code, message } : { code, message, rfcEmisor }] };
}

export function selloHash(sello: string): string {
  return createHash('sha256').update(sello, 'utf8').digest('hex');
}

function parse(xml: Uint8Array): ParsedCfdi | Examined {
  try {
    return parseCfdi(xml);
  } catch (error) {
    if (!isCfdiError(error)) throw error;
    if (PARSE_FAILURES.has(error.code)) return reject('301', `XML mal formado: ${error.message}`);
    return reject('705', `XML estructura inválida: ${error.message}`);
  }
}

/**
 * Parsed certificates by their base64 (what does not parse as `false`), up to 8 MiB: an issuer
 * stamps many CFDIs with one CSD. Process-wide on purpose: an entry is a pure function of its key
 * (the certificate's own bytes), so simulators sharing it can neither see nor change each other's state.
 */
const certificates = new BoundedCache<SatCertificate | false>({
  name: 'simulator_certificates',
  maxBytes: 8 * 1024 * 1024,
  sizeOf: (certificate, base64) => stringBytes(base64) + (certificate ? 4 * 1024 + 2 * certificate.der.length + stringBytes(certificate.base64) : 0),
});

function embeddedCertificate(base64: string): SatCertificate | undefined {
  const cached = certificates.get(base64);
  if (cached !== undefined) return cached || undefined;
  let certificate: SatCertificate | false = false;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(base64) && base64.length % 4 === 0) {
    try {
      certificate = readCertificate(Buffer.from(base64, 'base64'));
    } catch (error) {
      if (!(error instanceof CredentialError)) throw error;
    }
  }
  certificates.set(base64, certificate);
  return certificate || undefined;
}

/** Seal problems (Anexo 20: the Sello must verify over the cadena with the embedded CSD). */
function sealRejection(parsed: ParsedCfdi): Examined | undefined {
  const { Certificado, NoCertificado, Sello, Emisor } = parsed.comprobante;
  const certificate = embeddedCertificate(Certificado ?? '');
  if (!certificate || certificate.serialNumber !== NoCertificado) {
    const why = !certificate
      ? 'Certificado no es un certificado del SAT en base64'
      : `NoCertificado ${NoCertificado ?? ''} no es el número del certificado ${certificate.serialNumber}`;
    return reject('CFDI40106', `El campo Certificado no cumple con alguno de los valores permitidos: ${why}.`, Emisor.Rfc);
  }
  const check = checkSignature(cadenaOriginalFromElement(parsed.root), Sello, certificate.publicKey);
  if (check === 'mismatch') return reject('CFDI40102', 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.', Emisor.Rfc);
  if (check !== 'valid') return reject('302', 'Sello mal formado o inválido.', Emisor.Rfc);
  return undefined;
}

/** Wall-clock time of an instant at LugarExpedicion (the simulator reads every Fecha in settings.timeZone). */
function local(deps: SimulatorDeps, instant: Date): string {
  return localDateTime(instant, deps.settings.timeZone);
}

async function certificateRejection(deps: SimulatorDeps, subject: StampSubject, certificate: SatCertificate): Promise<StampCheck | undefined> {
  const { emisorRfc, fecha } = subject;
  const now = deps.clock.now();
  if (deps.ca.trustOf(certificate) === undefined) return reject('308', 'Certificado no expedido por el SAT.', emisorRfc);
  if (certificate.kind !== 'csd') return reject('306', 'El certificado no es de tipo CSD.', emisorRfc);
  if (certificate.rfc !== emisorRfc) {
    return reject('303', `Sello no corresponde a emisor: el certificado es de ${certificate.rfc}.`, emisorRfc);
  }
  if (certificate.validTo.getTime() < now.getTime() || (await deps.ca.isRevoked(certificate.serialNumber, now))) {
    return reject('304', 'Certificado revocado o caduco.', emisorRfc);
  }
  if (fecha < local(deps, certificate.validFrom) || fecha > local(deps, certificate.validTo)) {
    return reject('305', 'La fecha de emisión no está dentro de la vigencia del CSD del Emisor.', emisorRfc);
  }
  return undefined;
}

/** RMF 2.7.1.x / Anexo 20: a PAC certifies within 72 hours of Fecha and never before it. */
function fechaRejection(deps: SimulatorDeps, subject: StampSubject): StampCheck | undefined {
  const { emisorRfc, fecha } = subject;
  if (fecha < EARLIEST_FECHA) return reject('403', 'La fecha de emisión no es posterior al 01 de enero de 2012.', emisorRfc);
  const now = deps.clock.now();
  const fechaMs = Date.parse(`${fecha}Z`);
  const nowLocalMs = Date.parse(`${local(deps, now)}Z`);
  if (fechaMs - nowLocalMs > deps.settings.futureToleranceSeconds * 1000) {
    return reject('401', `Fecha y hora de generación fuera de rango: la fecha ${fecha} es posterior a la fecha de certificación.`, emisorRfc);
  }
  if (nowLocalMs - fechaMs > deps.settings.stampWindowHours * HOUR_MS) {
    return reject('401', `Fecha y hora de generación fuera de rango: han pasado más de ${deps.settings.stampWindowHours} horas desde ${fecha}.`, emisorRfc);
  }
  return undefined;
}

async function lcoRejection(deps: SimulatorDeps, subject: StampSubject): Promise<StampCheck | undefined> {
  const taxpayer = await deps.ledger.getTaxpayer(subject.emisorRfc);
  if (subject.serie === MAGIC_SERIE.notInLco || taxpayer?.inLco === false) {
    return reject('402', 'RFC del emisor no se encuentra en el régimen de contribuyentes (LCO).', subject.emisorRfc);
  }
  return undefined;
}

/**
 * c_Moneda as the PAC consults it: amounts are checked with the currency's own decimals (0 for JPY,
 * 3 for BHD), exactly as the service rounds them. The other catalogs stay unloaded here, so their
 * keys are checked for format only.
 */
const CURRENCIES: CatalogLookup = inMemoryCatalogs({
  c_Moneda: {
    key: 'id',
    rows: MONEDA.map((entry) => ({
      id: entry.code,
      decimales: String(entry.data['decimals']),
      porcentaje_variacion: String(entry.data['variation_percent']),
      vigencia_desde: entry.valid_from ?? '',
      vigencia_hasta: entry.valid_to ?? '',
    })),
  },
});

function contentIncidencias(parsed: ParsedCfdi): Incidencia[] | undefined {
  const result = validateComprobante(parsed.comprobante, { catalogs: CURRENCIES });
  if (result.valid) return undefined;
  const rfc = parsed.comprobante.Emisor.Rfc;
  return result.errors.slice(0, MAX_CONTENT_INCIDENCIAS).map(
    (issue: ValidationIssue): Incidencia => ({
      code: contentCode(issue),
      message: `${issue.message} (${issue.path})`,
      rfcEmisor: rfc,
    }),
  );
}

function relationsOf(comprobante: Comprobante): LedgerRelation[] {
  const relations: LedgerRelation[] = [];
  for (const group of comprobante.CfdiRelacionados ?? []) {
    for (const uuid of group.UUIDs) relations.push({ uuid, kind: group.TipoRelacion });
  }
  for (const pago of findPagos(comprobante)?.Pago ?? []) {
    for (const documento of pago.DoctoRelacionado) relations.push({ uuid: documento.IdDocumento, kind: 'pago' });
  }
  return relations;
}

/**
 * The checks that need nothing but the document (well-formed, structure, seal, content rules) and
 * the cut for the timbre: the costly part of a stamp, pure, so that a large CFDI's can run on a
 * worker thread (stamp-examine.ts).
 */
export function examineCfdi(xml: Uint8Array): Examined {
  const parsed = parse(xml);
  if ('outcome' in parsed) return parsed;
  const sealed = sealRejection(parsed);
  if (sealed) return sealed;
  const { comprobante } = parsed;
  const subject: StampSubject = {
    certificado: comprobante.Certificado ?? '',
    sello: comprobante.Sello ?? '',
    selloHash: selloHash(comprobante.Sello ?? ''),
    serie: comprobante.Serie,
    fecha: comprobante.Fecha,
    emisorRfc: comprobante.Emisor.Rfc,
    emisorNombre: comprobante.Emisor.Nombre,
    receptorRfc: comprobante.Receptor.Rfc,
    receptorNombre: comprobante.Receptor.Nombre,
    tipo: comprobante.TipoDeComprobante,
    total: comprobante.Total,
    relations: relationsOf(comprobante),
    hasTimbre: findTimbre(comprobante) !== undefined,
    slot: timbreSlot(xml, parsed),
  };
  return { outcome: 'examined', subject, contentIncidencias: subject.hasTimbre ? undefined : contentIncidencias(parsed) };
}

/**
 * Runs the remaining checks in the order a PAC does. A comprobante stamped before answers with
 * its first stamp (Finkok 307) even when it would now fail a rule (its Fecha aged past 72 hours,
 * say); the ledger is asked only on that rare path, and the happy path's insert detects the rest.
 */
export async function checkForStamp(deps: SimulatorDeps, examined: Examined): Promise<StampCheck> {
  if (examined.outcome === 'rejected') return examined;
  const { subject } = examined;
  const certificate = embeddedCertificate(subject.certificado)!;
  const previousOr = async (rejection: StampCheck): Promise<StampCheck> => {
    const previous = await deps.ledger.findBySelloHash(subject.selloHash);
    return previous ? { outcome: 'duplicate', previous } : rejection;
  };
  if (subject.hasTimbre) return previousOr(reject('707', 'XML ya contiene un nodo TimbreFiscalDigital.', subject.emisorRfc));
  const rejection =
    (await certificateRejection(deps, subject, certificate)) ??
    fechaRejection(deps, subject) ??
    (await lcoRejection(deps, subject)) ??
    (examined.contentIncidencias ? { outcome: 'rejected' as const, incidencias: examined.contentIncidencias } : undefined);
  if (rejection) return previousOr(rejection);
  return { outcome: 'stampable', subject, certificate };
}
