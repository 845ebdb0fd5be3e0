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
import { isCfdiError } from '../../cfdi/errors.ts';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { findTimbre } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import type { ParsedCfdi } from '../../cfdi/parse.ts';
import { validateComprobante } from '../../cfdi/rules/index.ts';
import type { ValidationIssue } from '../../cfdi/rules/index.ts';
import { CredentialError, readCertificate } from '../../cfdi/credentials.ts';
import { cadenaOriginalFromElement } from '../../cfdi/cadena.ts';
import { checkSignature } from '../../cfdi/signature.ts';
import type { SimulatorDeps } from '../deps.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { LedgerCfdi } from '../ledger.ts';
import type { Incidencia } from './finkok.ts';
import { MAGIC_SERIE } from './magic.ts';
import { contentCode } from './content-codes.ts';

export type StampCheck =
  | { outcome: 'stampable'; xml: Uint8Array; parsed: ParsedCfdi; certificate: SatCertificate; selloHash: string }
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

function reject(code: string, message: string, rfcEmisor?: string): StampCheck {
  return { outcome: 'rejected', incidencias: [rfcEmisor === undefined ? { code, message } : { code, message, rfcEmisor }] };
}

export function selloHash(sello: string): string {
  return createHash('sha256').update(sello, 'utf8').digest('hex');
}

function parse(xml: Uint8Array): ParsedCfdi | StampCheck {
  try {
    return parseCfdi(xml);
  } catch (error) {
    if (!isCfdiError(error)) throw error;
    if (PARSE_FAILURES.has(error.code)) return reject('301', `XML mal formado: ${error.message}`);
    return reject('705', `XML estructura inválida: ${error.message}`);
  }
}

const CERTIFICATE_CACHE_SIZE = 1_000;
/** Parsed certificates by their base64: an issuer stamps many CFDIs with one CSD. */
const certificates = new Map<string, SatCertificate | null>();

function embeddedCertificate(base64: string): SatCertificate | undefined {
  const cached = certificates.get(base64);
  if (cached !== undefined) return cached ?? undefined;
  let certificate: SatCertificate | null = null;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(base64) && base64.length % 4 === 0) {
    try {
      certificate = readCertificate(Buffer.from(base64, 'base64'));
    } catch (error) {
      if (!(error instanceof CredentialError)) throw error;
    }
  }
  if (certificates.size >= CERTIFICATE_CACHE_SIZE) certificates.delete(certificates.keys().next().value!);
  certificates.set(base64, certificate);
  return certificate ?? undefined;
}

/** Seal problems (Anexo 20: the Sello must verify over the cadena with the embedded CSD). */
async function sealRejection(parsed: ParsedCfdi): Promise<{ check?: StampCheck; certificate?: SatCertificate }> {
  const { Certificado, NoCertificado, Sello, Emisor } = parsed.comprobante;
  const certificate = embeddedCertificate(Certificado ?? '');
  if (!certificate || certificate.serialNumber !== NoCertificado) {
    const why = !certificate
      ? 'Certificado no es un certificado del SAT en base64'
      : `NoCertificado ${NoCertificado ?? ''} no es el número del certificado ${certificate.serialNumber}`;
    return { check: reject('CFDI40106', `El campo Certificado no cumple con alguno de los valores permitidos: ${why}.`, Emisor.Rfc) };
  }
  const check = checkSignature(cadenaOriginalFromElement(parsed.root), Sello, certificate.publicKey);
  if (check === 'mismatch')
    return { check: reject('CFDI40102', 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.', Emisor.Rfc) };
  if (check !== 'valid') return { check: reject('302', 'Sello mal formado o inválido.', Emisor.Rfc) };
  return { certificate };
}

/** Wall-clock time of an instant at LugarExpedicion (the simulator reads every Fecha in settings.timeZone). */
function local(deps: SimulatorDeps, instant: Date): string {
  return localDateTime(instant, deps.settings.timeZone);
}

async function certificateRejection(deps: SimulatorDeps, parsed: ParsedCfdi, certificate: SatCertificate): Promise<StampCheck | undefined> {
  const { Emisor, Fecha } = parsed.comprobante;
  const now = deps.clock.now();
  if (deps.ca.trustOf(certificate) === undefined) return reject('308', 'Certificado no expedido por el SAT.', Emisor.Rfc);
  if (certificate.kind !== 'csd') return reject('306', 'El certificado no es de tipo CSD.', Emisor.Rfc);
  if (certificate.rfc !== Emisor.Rfc) {
    return reject('303', `Sello no corresponde a emisor: el certificado es de ${certificate.rfc}.`, Emisor.Rfc);
  }
  if (certificate.validTo.getTime() < now.getTime() || (await deps.ca.isRevoked(certificate.serialNumber, now))) {
    return reject('304', 'Certificado revocado o caduco.', Emisor.Rfc);
  }
  if (Fecha < local(deps, certificate.validFrom) || Fecha > local(deps, certificate.validTo)) {
    return reject('305', 'La fecha de emisión no está dentro de la vigencia del CSD del Emisor.', Emisor.Rfc);
  }
  return undefined;
}

/** RMF 2.7.1.x / Anexo 20: a PAC certifies within 72 hours of Fecha and never before it. */
function fechaRejection(deps: SimulatorDeps, parsed: ParsedCfdi): StampCheck | undefined {
  const { Fecha, Emisor } = parsed.comprobante;
  if (Fecha < EARLIEST_FECHA) return reject('403', 'La fecha de emisión no es posterior al 01 de enero de 2012.', Emisor.Rfc);
  const now = deps.clock.now();
  const fechaMs = Date.parse(`${Fecha}Z`);
  const nowLocalMs = Date.parse(`${local(deps, now)}Z`);
  if (fechaMs - nowLocalMs > deps.settings.futureToleranceSeconds * 1000) {
    return reject('401', `Fecha y hora de generación fuera de rango: la fecha ${Fecha} es posterior a la fecha de certificación.`, Emisor.Rfc);
  }
  if (nowLocalMs - fechaMs > deps.settings.stampWindowHours * HOUR_MS) {
    return reject('401', `Fecha y hora de generación fuera de rango: han pasado más de ${deps.settings.stampWindowHours} horas desde ${Fecha}.`, Emisor.Rfc);
  }
  return undefined;
}

async function lcoRejection(deps: SimulatorDeps, parsed: ParsedCfdi): Promise<StampCheck | undefined> {
  const { Emisor, Serie } = parsed.comprobante;
  const taxpayer = await deps.ledger.getTaxpayer(Emisor.Rfc);
  if (Serie === MAGIC_SERIE.notInLco || taxpayer?.inLco === false) {
    return reject('402', 'RFC del emisor no se encuentra en el régimen de contribuyentes (LCO).', Emisor.Rfc);
  }
  return undefined;
}

function contentRejection(parsed: ParsedCfdi): StampCheck | undefined {
  const result = validateComprobante(parsed.comprobante);
  if (result.valid) return undefined;
  const rfc = parsed.comprobante.Emisor.Rfc;
  const incidencias = result.errors.slice(0, MAX_CONTENT_INCIDENCIAS).map(
    (issue: ValidationIssue): Incidencia => ({
      code: contentCode(issue),
      message: `${issue.message} (${issue.path})`,
      rfcEmisor: rfc,
    }),
  );
  return { outcome: 'rejected', incidencias };
}

/**
 * Runs every check in the order a PAC does. A comprobante stamped before answers with its first
 * stamp (Finkok 307) even when it would now fail a rule (its Fecha aged past 72 hours, say); the
 * ledger is asked only on that rare path, and the happy path's insert detects the rest.
 */
export async function checkForStamp(deps: SimulatorDeps, xml: Uint8Array): Promise<StampCheck> {
  const parsed = parse(xml);
  if ('outcome' in parsed) return parsed;
  const seal = await sealRejection(parsed);
  if (seal.check) return seal.check;
  const hash = selloHash(parsed.comprobante.Sello ?? '');
  const previousOr = async (rejection: StampCheck): Promise<StampCheck> => {
    const previous = await deps.ledger.findBySelloHash(hash);
    return previous ? { outcome: 'duplicate', previous } : rejection;
  };
  if (findTimbre(parsed.comprobante)) {
    return previousOr(reject('707', 'XML ya contiene un nodo TimbreFiscalDigital.', parsed.comprobante.Emisor.Rfc));
  }
  const rejection =
    (await certificateRejection(deps, parsed, seal.certificate!)) ??
    fechaRejection(deps, parsed) ??
    (await lcoRejection(deps, parsed)) ??
    contentRejection(parsed);
  if (rejection) return previousOr(rejection);
  return { outcome: 'stampable', xml, parsed, certificate: seal.certificate!, selloHash: hash };
}
