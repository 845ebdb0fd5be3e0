/**
 * Seal and timbre rules. Signature verification is delegated to injected functions (seal.ts and
 * tfd.ts provide them) so the rules stay independent of certificates and key handling:
 * - Sello: the verifier's failure becomes an error; its "PAC would reject" facts become the
 *   specification's codes (FIEL instead of CSD → cfdi.not_a_csd, certificate of another RFC →
 *   cfdi.csd_rfc_mismatch, certificate not valid at Fecha → cfdi.csd_expired).
 * - TimbreFiscalDigital 1.1: well-formed attributes, SelloCFD equal to the Comprobante Sello,
 *   FechaTimbrado within 72 hours after Fecha, and SelloSAT verified by the injected verifier.
 */
import { findTimbre, TFD_NAMESPACE } from '../model.ts';
import type { TimbreFiscalDigital } from '../model.ts';
import { isRuleCode, REMEDIATIONS } from './codes.ts';
import type { RuleCode } from './codes.ts';
import { STAMP_WINDOW_HOURS, wallClockMs } from './dates.ts';
import { attributePath, isRealFecha, NO_CERTIFICADO_PATTERN, RFC_PATTERN, ROOT_PATH, TFD_PATH, UUID_PATTERN } from './patterns.ts';
import type { RuleContext, SignedDocument } from './types.ts';

const HOUR_MS = 3_600_000;
/** Sello is base64 of an RSA signature: 1024- to 4096-bit keys give 128 to 512 bytes. */
const SIGNATURE_BYTES = new Set([128, 256, 384, 512]);
const STRICT_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The verifier's "a PAC would reject it" facts, which are errors here: a FIEL, another RFC's certificate, one not valid at Fecha. */
const SEAL_FINDINGS: ReadonlySet<RuleCode> = new Set(['cfdi.not_a_csd', 'cfdi.csd_rfc_mismatch', 'cfdi.csd_expired']);

function sealPath(reason: string): string {
  if (reason === 'cfdi.no_certificado_mismatch') return attributePath(ROOT_PATH, 'NoCertificado');
  if (reason === 'cfdi.certificado_invalid' || reason === 'cfdi.certificado_missing') return attributePath(ROOT_PATH, 'Certificado');
  return attributePath(ROOT_PATH, 'Sello');
}

/** Reports a verifier's code; codes outside the table keep a generic remediation. */
function report(context: RuleContext, code: string, path: string, message: string): void {
  if (isRuleCode(code)) context.issues.error(code, path, message);
  else context.issues.add({ code, path, message, remediation: REMEDIATIONS['cfdi.sello_mismatch'] });
}

function isWellFormedSignature(value: string): boolean {
  return STRICT_BASE64.test(value) && value.length % 4 === 0 && SIGNATURE_BYTES.has(Buffer.from(value, 'base64').length);
}

export async function checkSeal(context: RuleContext, document: SignedDocument): Promise<void> {
  const { Sello: sello, Certificado: certificado } = context.comprobante;
  if (!sello || !certificado) return; // reported as cfdi.sello_missing / cfdi.certificado_missing
  const verify = context.options.verifySeal;
  if (!verify) {
    if (!isWellFormedSignature(sello))
      context.issues.error('cfdi.malformed_sello', attributePath(ROOT_PATH, 'Sello'), 'Sello is not the base64 of an RSA signature.');
    context.issues.warn('cfdi.seal_not_verified', attributePath(ROOT_PATH, 'Sello'), 'No seal verifier was given: Sello was checked for format only.');
    return;
  }
  const result = await verify(document);
  if (!result.ok) report(context, result.reason ?? 'cfdi.sello_mismatch', sealPath(result.reason ?? ''), result.message);
  for (const warning of result.warnings ?? []) {
    const code = warning.code;
    if (isRuleCode(code) && SEAL_FINDINGS.has(code)) context.issues.error(code, attributePath(ROOT_PATH, 'Certificado'), warning.message);
    else
      context.issues.warnings.push({
        code: warning.code,
        path: attributePath(ROOT_PATH, 'Certificado'),
        message: warning.message,
        remediation: REMEDIATIONS['cfdi.sello_mismatch'],
      });
  }
}

export async function checkTimbre(context: RuleContext, document: SignedDocument): Promise<void> {
  const complementos = context.comprobante.Complemento ?? [];
  const timbres = complementos.filter((item) => 'TimbreFiscalDigital' in item);
  const others = complementos.filter((item) => 'Otro' in item && item.Otro.Xml.namespace === TFD_NAMESPACE);
  if (others.length > 0) context.issues.error('cfdi.tfd_unsupported_version', TFD_PATH, 'The TimbreFiscalDigital is not version 1.1.');
  if (timbres.length + others.length > 1) context.issues.error('cfdi.tfd_duplicated', TFD_PATH, 'The CFDI carries more than one TimbreFiscalDigital.');
  const timbre = findTimbre(context.comprobante);
  if (!timbre) {
    if (context.options.requireTimbre && others.length === 0)
      context.issues.error('cfdi.no_tfd', `${ROOT_PATH}/cfdi:Complemento`, 'The CFDI is not stamped: it has no TimbreFiscalDigital.');
    return;
  }
  checkTimbreAttributes(context, timbre);
  if (!timbre.SelloSAT || !isWellFormedSignature(timbre.SelloSAT)) return; // already reported
  const verify = context.options.verifyTimbre;
  if (!verify) {
    context.issues.warn('cfdi.tfd_timbre_not_verified', attributePath(TFD_PATH, 'SelloSAT'), 'No timbre verifier was given: SelloSAT was not verified.');
    return;
  }
  const result = await verify(timbre, document);
  if (result === undefined) {
    context.issues.warn(
      'cfdi.tfd_certificate_unavailable',
      attributePath(TFD_PATH, 'NoCertificadoSAT'),
      `Certificate ${timbre.NoCertificadoSAT} is not a known SAT/PAC certificate here; SelloSAT was not verified.`,
    );
  } else if (!result.ok && result.reason !== 'cfdi.tfd_sello_cfd_mismatch') {
    const aboutCertificate = [
      'cfdi.tfd_certificado_mismatch',
      'cfdi.tfd_certificate_unavailable',
      'cfdi.tfd_certificate_unreachable',
      'cfdi.tfd_not_verifiable_here',
    ].includes(result.reason ?? '');
    const attribute = aboutCertificate ? 'NoCertificadoSAT' : 'SelloSAT';
    report(context, result.reason ?? 'cfdi.tfd_sello_sat_mismatch', attributePath(TFD_PATH, attribute), result.message);
  }
}

function checkTimbreAttributes(context: RuleContext, timbre: TimbreFiscalDigital): void {
  const { issues, comprobante } = context;
  if (!UUID_PATTERN.test(timbre.UUID)) issues.error('cfdi.invalid_uuid', attributePath(TFD_PATH, 'UUID'), `UUID "${timbre.UUID}" is not a folio fiscal.`);
  if (!RFC_PATTERN.test(timbre.RfcProvCertif))
    issues.error('cfdi.invalid_rfc', attributePath(TFD_PATH, 'RfcProvCertif'), `RfcProvCertif "${timbre.RfcProvCertif}" is not an RFC.`);
  if (!NO_CERTIFICADO_PATTERN.test(timbre.NoCertificadoSAT))
    issues.error(
      'cfdi.invalid_no_certificado',
      attributePath(TFD_PATH, 'NoCertificadoSAT'),
      `NoCertificadoSAT "${timbre.NoCertificadoSAT}" is not a 20-digit certificate number.`,
    );
  if (!timbre.SelloSAT) issues.error('cfdi.tfd_sello_sat_missing', attributePath(TFD_PATH, 'SelloSAT'), 'The timbre has no SelloSAT.');
  else if (!isWellFormedSignature(timbre.SelloSAT))
    issues.error('cfdi.tfd_malformed_sello_sat', attributePath(TFD_PATH, 'SelloSAT'), 'SelloSAT is not the base64 of an RSA signature.');
  if (comprobante.NoCertificado && timbre.NoCertificadoSAT === comprobante.NoCertificado) {
    issues.error(
      'cfdi.tfd_self_signed',
      attributePath(TFD_PATH, 'NoCertificadoSAT'),
      `NoCertificadoSAT ${timbre.NoCertificadoSAT} is the issuer's own certificate; a timbre is signed by the SAT or a PAC.`,
    );
  }
  if (comprobante.Sello && timbre.SelloCFD !== comprobante.Sello) {
    issues.error(
      'cfdi.tfd_sello_cfd_mismatch',
      attributePath(TFD_PATH, 'SelloCFD'),
      "The timbre's SelloCFD differs from the Comprobante Sello: the timbre belongs to another document.",
    );
  }
  if (!isRealFecha(timbre.FechaTimbrado)) {
    issues.error('cfdi.invalid_fecha', attributePath(TFD_PATH, 'FechaTimbrado'), `FechaTimbrado "${timbre.FechaTimbrado}" is not YYYY-MM-DDTHH:mm:ss.`);
    return;
  }
  if (!isRealFecha(comprobante.Fecha ?? '')) return;
  // FechaTimbrado is Mexico City time and Fecha local time at LugarExpedicion (UTC-5 to UTC-8):
  // allow the issuer's clock to be 1 hour ahead of or 2 hours behind Mexico City.
  const elapsed = wallClockMs(timbre.FechaTimbrado) - wallClockMs(comprobante.Fecha);
  if (elapsed < -1 * HOUR_MS || elapsed > (STAMP_WINDOW_HOURS + 2) * HOUR_MS) {
    issues.error(
      'cfdi.tfd_fecha_timbrado_out_of_range',
      attributePath(TFD_PATH, 'FechaTimbrado'),
      `FechaTimbrado ${timbre.FechaTimbrado} is not within ${STAMP_WINDOW_HOURS} hours after Fecha ${comprobante.Fecha}.`,
    );
  }
}
