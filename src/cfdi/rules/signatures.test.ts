import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateCfdi } from './index.ts';
import type { SealCheck, SignedDocument, TimbreCheck, ValidateCfdiOptions, ValidationResult } from './index.ts';
import type { Comprobante, TimbreFiscalDigital } from '../model.ts';
import { writeCfdi } from '../writer.ts';
import { CATALOGS, comprobante, errorsOf, FAKE_SELLO } from './fixtures.test-support.ts';

const ROOT = '/cfdi:Comprobante';
const TFD = `${ROOT}/cfdi:Complemento/tfd:TimbreFiscalDigital`;
const SELLO_SAT = Buffer.alloc(256, 9).toString('base64');

function timbre(overrides: Partial<TimbreFiscalDigital> = {}): TimbreFiscalDigital {
  return {
    Version: '1.1',
    UUID: 'C2832671-DA6D-11EF-A83D-00155D012007',
    FechaTimbrado: '2025-03-03T12:00:05',
    RfcProvCertif: 'SAT970701NN3',
    SelloCFD: FAKE_SELLO,
    NoCertificadoSAT: '30001000000500003456',
    SelloSAT: SELLO_SAT,
    ...overrides,
  };
}

function stamped(overrides: Partial<TimbreFiscalDigital> = {}): Comprobante {
  return { ...comprobante(), Complemento: [{ TimbreFiscalDigital: timbre(overrides) }] };
}

const OK_SEAL = (): SealCheck => ({ ok: true, message: 'verified', warnings: [] });
const OK_TIMBRE = (): TimbreCheck => ({ ok: true, message: 'verified' });

async function validate(input: Comprobante | string, options: ValidateCfdiOptions = {}): Promise<ValidationResult> {
  return validateCfdi(input, { catalogs: CATALOGS, verifySeal: OK_SEAL, verifyTimbre: OK_TIMBRE, ...options });
}

test('without a seal verifier Sello is checked for shape and a warning says it was not verified', async () => {
  const result = await validateCfdi(comprobante(), { catalogs: CATALOGS });
  assert.deepEqual(result.errors, []);
  assert.ok(result.warnings.some((warning) => warning.code === 'cfdi.seal_not_verified'));
  const malformed = await validateCfdi({ ...comprobante(), Sello: 'not base64!' }, { catalogs: CATALOGS });
  assert.deepEqual(errorsOf(malformed), [`cfdi.malformed_sello@${ROOT}/@Sello`]);
});

test('a failing seal verifier reports its code at the attribute it concerns', async () => {
  const failing = (reason: string) => (): SealCheck => ({ ok: false, reason, message: 'failed' });
  assert.deepEqual(errorsOf(await validate(comprobante(), { verifySeal: failing('cfdi.sello_mismatch') })), [`cfdi.sello_mismatch@${ROOT}/@Sello`]);
  assert.deepEqual(errorsOf(await validate(comprobante(), { verifySeal: failing('cfdi.no_certificado_mismatch') })), [
    `cfdi.no_certificado_mismatch@${ROOT}/@NoCertificado`,
  ]);
  assert.deepEqual(errorsOf(await validate(comprobante(), { verifySeal: failing('cfdi.certificado_invalid') })), [
    `cfdi.certificado_invalid@${ROOT}/@Certificado`,
  ]);
});

test('facts a PAC rejects become the specification codes', async () => {
  const verifySeal = (): SealCheck => ({
    ok: true,
    message: 'verified',
    warnings: [
      { code: 'cfdi.not_a_csd', message: 'FIEL' },
      { code: 'cfdi.csd_rfc_mismatch', message: 'RFC' },
      { code: 'cfdi.csd_expired', message: 'validity' },
    ],
  });
  assert.deepEqual(
    (await validate(comprobante(), { verifySeal })).errors.map((error) => error.code),
    ['cfdi.not_a_csd', 'cfdi.csd_rfc_mismatch', 'cfdi.csd_expired'],
  );
});

test('the seal verifier receives the parsed XML tree when the input is XML', async () => {
  let seen: SignedDocument | undefined;
  const result = await validate(writeCfdi(comprobante()), {
    verifySeal: (document) => {
      seen = document;
      return OK_SEAL();
    },
  });
  assert.deepEqual(result.errors, []);
  assert.equal(seen?.root?.local, 'Comprobante');
  assert.equal(seen?.comprobante.Emisor.Rfc, 'FUNK671228PH6');
});

test('input that is not a CFDI 4.0 becomes one error with the parser code', async () => {
  assert.deepEqual(
    (await validate('<a>')).errors.map((error) => error.code),
    ['cfdi.parse_error'],
  );
  const cfdi33 = '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3"/>';
  const result = await validate(cfdi33);
  assert.equal(result.valid, false);
  assert.deepEqual(
    result.errors.map((error) => error.code),
    ['cfdi.not_comprobante'],
  );
  assert.ok((result.errors[0]?.remediation ?? '').length > 0);
});

test('a stamped CFDI passes when its timbre is well-formed and verifies', async () => {
  const result = await validate(stamped());
  assert.deepEqual(result.errors, []);
  assert.deepEqual(
    result.warnings.filter((warning) => warning.code.startsWith('cfdi.tfd')),
    [],
  );
});

test('timbre attributes: UUID, RfcProvCertif, NoCertificadoSAT, SelloSAT, FechaTimbrado', async () => {
  assert.deepEqual(errorsOf(await validate(stamped({ UUID: 'XYZ', RfcProvCertif: 'sat', NoCertificadoSAT: '123', SelloSAT: '' }))), [
    `cfdi.invalid_uuid@${TFD}/@UUID`,
    `cfdi.invalid_rfc@${TFD}/@RfcProvCertif`,
    `cfdi.invalid_no_certificado@${TFD}/@NoCertificadoSAT`,
    `cfdi.tfd_sello_sat_missing@${TFD}/@SelloSAT`,
  ]);
  assert.deepEqual(errorsOf(await validate(stamped({ FechaTimbrado: '2025-03-06T15:00:01' }))), [`cfdi.tfd_fecha_timbrado_out_of_range@${TFD}/@FechaTimbrado`]);
  assert.deepEqual(errorsOf(await validate(stamped({ FechaTimbrado: '2025-03-03T10:59:59' }))), [`cfdi.tfd_fecha_timbrado_out_of_range@${TFD}/@FechaTimbrado`]);
  assert.deepEqual(errorsOf(await validate(stamped({ FechaTimbrado: '2025-03-03T11:30:00' }))), []);
});

test('SelloCFD must equal the Sello, and the timbre cannot be signed with the issuer certificate', async () => {
  assert.deepEqual(errorsOf(await validate(stamped({ SelloCFD: SELLO_SAT }))), [`cfdi.tfd_sello_cfd_mismatch@${TFD}/@SelloCFD`]);
  assert.deepEqual(errorsOf(await validate(stamped({ NoCertificadoSAT: '30001000000500003446' }))), [`cfdi.tfd_self_signed@${TFD}/@NoCertificadoSAT`]);
});

test('SelloSAT verification: failure is an error, an unknown certificate or no verifier a warning', async () => {
  const failing = (): TimbreCheck => ({ ok: false, reason: 'cfdi.tfd_sello_sat_mismatch', message: 'does not verify' });
  assert.deepEqual(errorsOf(await validate(stamped(), { verifyTimbre: failing })), [`cfdi.tfd_sello_sat_mismatch@${TFD}/@SelloSAT`]);
  const unknown = await validate(stamped(), { verifyTimbre: () => undefined });
  assert.deepEqual(unknown.errors, []);
  assert.ok(unknown.warnings.some((warning) => warning.code === 'cfdi.tfd_certificate_unavailable'));
  const unverified = await validateCfdi(stamped(), { catalogs: CATALOGS, verifySeal: OK_SEAL });
  assert.ok(unverified.warnings.some((warning) => warning.code === 'cfdi.tfd_timbre_not_verified'));
});

test('requireTimbre reports an unstamped CFDI; two timbres are one too many', async () => {
  assert.deepEqual(errorsOf(await validate(comprobante(), { requireTimbre: true })), [`cfdi.no_tfd@${ROOT}/cfdi:Complemento`]);
  assert.deepEqual(errorsOf(await validate(comprobante())), []);
  const twice = { ...comprobante(), Complemento: [{ TimbreFiscalDigital: timbre() }, { TimbreFiscalDigital: timbre() }] };
  assert.deepEqual(errorsOf(await validate(twice)), [`cfdi.tfd_duplicated@${TFD}`]);
});

test('a TimbreFiscalDigital other than 1.1 is reported', async () => {
  const tfd10 = {
    Otro: {
      Xml: {
        namespace: 'http://www.sat.gob.mx/TimbreFiscalDigital',
        prefix: 'tfd',
        local: 'TimbreFiscalDigital',
        children: [],
        attributes: [{ namespace: null, prefix: null, local: 'version', value: '1.0' }],
      },
    },
  };
  assert.deepEqual(errorsOf(await validate({ ...comprobante(), Complemento: [tfd10] }, { requireTimbre: true })), [`cfdi.tfd_unsupported_version@${TFD}`]);
});
