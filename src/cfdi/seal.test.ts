import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutShared } from '../../test/support/shared.ts';
import { cfdi40Samples, credentialFiles, readSample, sampleCadena } from '../../test/support/sat-samples.ts';
import { CredentialError, openCredential } from './credentials.ts';
import { parseCfdi } from './parse.ts';
import { sealComprobante, sealComprobanteSync, verifySeal, verifySealParts } from './seal.ts';
import { writeCfdi } from './writer.ts';
import { CfdiError } from './errors.ts';
import type { SealParts } from './seal.ts';
import { signCadena, signCadenaSync } from './signature.ts';

function sampleParts(file: string): SealParts {
  const { comprobante } = parseCfdi(readSample(file));
  return {
    cadenaOriginal: sampleCadena(file),
    sello: comprobante.Sello,
    certificado: comprobante.Certificado,
    noCertificado: comprobante.NoCertificado,
    emisorRfc: comprobante.Emisor.Rfc,
    fecha: comprobante.Fecha,
  };
}

const flip = (text: string, index: number) => text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

test('every CFDI 4.0 sample verifies or fails exactly as the SAT kit documents (kit cadenas)', { skip: skipWithoutShared }, () => {
  assert.equal(cfdi40Samples.length, 19);
  for (const sample of cfdi40Samples) {
    const result = verifySealParts(sampleParts(sample.file));
    const expected = { valid: undefined, mismatch: 'cfdi.sello_mismatch', missing: 'cfdi.certificado_missing' }[sample.seal];
    assert.equal(result.reason, expected, sample.file);
    assert.equal(result.ok, sample.seal === 'valid', sample.file);
    assert.equal(result.certificate?.kind, sample.certificateKind, sample.file);
    const fiel = result.warnings.some((warning) => warning.code === 'cfdi.not_a_csd');
    assert.equal(fiel, sample.certificateKind === 'fiel', sample.file);
  }
});

test('the SAT example sealed after its certificate expired is flagged, the rest are not', { skip: skipWithoutShared }, () => {
  for (const sample of cfdi40Samples.filter((entry) => entry.seal === 'valid')) {
    const codes = verifySealParts(sampleParts(sample.file)).warnings.map((warning) => warning.code);
    const expired = sample.file.includes('P_AAA010101AAA_2021');
    assert.equal(codes.includes('cfdi.csd_expired'), expired, sample.file);
    assert.equal(codes.includes('cfdi.csd_rfc_mismatch'), false, sample.file);
  }
});

test('sealing a kit cadena with its CSD reproduces the kit’s Sello exactly', { skip: skipWithoutShared }, async () => {
  const folders: Record<string, string> = {
    '30001000000500003416': 'EKU9003173C9_CSD_30001000000500003416',
    '30001000000500003446': 'FUNK671228PH6_CSD_30001000000500003446',
    '30001000000500003439': 'ONO120726RX3_CSD_30001000000500003439',
  };
  let reproduced = 0;
  for (const sample of cfdi40Samples.filter((entry) => entry.seal === 'valid')) {
    const parts = sampleParts(sample.file);
    const folder = folders[parts.noCertificado ?? ''];
    if (folder === undefined) continue;
    const files = credentialFiles(folder);
    const { privateKey } = openCredential(files.certificate, files.key, files.password);
    assert.equal(await signCadena(parts.cadenaOriginal, privateKey), parts.sello, sample.file);
    assert.equal(signCadenaSync(parts.cadenaOriginal, privateKey), parts.sello, sample.file);
    reproduced += 1;
  }
  assert.ok(reproduced >= 8, `reproduced ${reproduced}`);
});

test('changed data, a changed seal character or a swapped certificate fail', { skip: skipWithoutShared }, () => {
  const file = 'sealed-no-tfd/I_ONO120726RX3_2025-03-03_generated.xml';
  const parts = sampleParts(file);
  assert.equal(verifySealParts(parts).ok, true);
  const reason = (changed: Partial<SealParts>) => verifySealParts({ ...parts, ...changed }).reason;
  const total = /\|MXN\|([0-9.]+)\|/.exec(parts.cadenaOriginal)!;
  assert.equal(reason({ cadenaOriginal: parts.cadenaOriginal.replace(`|MXN|${total[1]}|`, '|MXN|1.00|') }), 'cfdi.sello_mismatch');
  assert.equal(reason({ cadenaOriginal: parts.cadenaOriginal.replace('ORGANICOS ÑAVEZ', 'ORGANICOS NAVEZ') }), 'cfdi.sello_mismatch');
  assert.equal(reason({ cadenaOriginal: `${parts.cadenaOriginal} ` }), 'cfdi.sello_mismatch');
  for (const index of [0, 100, 340]) assert.equal(reason({ sello: flip(parts.sello!, index) }), 'cfdi.sello_mismatch');
  assert.equal(reason({ sello: parts.sello!.slice(4) }), 'cfdi.malformed_sello');
  assert.equal(reason({ sello: `${parts.sello!.slice(0, 10)}*${parts.sello!.slice(11)}` }), 'cfdi.malformed_sello');
  assert.equal(reason({ sello: `${parts.sello!.slice(0, 10)}\n${parts.sello!.slice(10)}` }), 'cfdi.malformed_sello');
  assert.equal(reason({ sello: '' }), 'cfdi.sello_missing');
  // Another emisor's certificate with its own number: the signature no longer verifies.
  const other = credentialFiles('FUNK671228PH6_CSD_30001000000500003446');
  const swapped = { certificado: other.certificate.toString('base64'), noCertificado: '30001000000500003446' };
  const result = verifySealParts({ ...parts, ...swapped });
  assert.equal(result.reason, 'cfdi.sello_mismatch');
  assert.deepEqual(
    result.warnings.map((warning) => warning.code),
    ['cfdi.csd_rfc_mismatch'],
  );
  // The certificate swapped but NoCertificado left alone.
  assert.equal(reason({ certificado: swapped.certificado }), 'cfdi.no_certificado_mismatch');
  assert.equal(reason({ certificado: 'bm90IGEgY2VydGlmaWNhdGU=' }), 'cfdi.certificado_invalid');
  assert.equal(reason({ certificado: 'not base64!' }), 'cfdi.certificado_invalid');
  assert.equal(reason({ certificado: '' }), 'cfdi.certificado_missing');
});

test('verifySeal on the XML itself: every sample as documented, with the engine’s cadena', { skip: skipWithoutShared }, () => {
  for (const sample of cfdi40Samples) {
    const result = verifySeal(readSample(sample.file));
    assert.equal(result.cadenaOriginal, sampleCadena(sample.file), sample.file);
    assert.equal(result.ok, sample.seal === 'valid', sample.file);
  }
});

function replaceOnce(xml: string, search: string | RegExp, replacement: string): string {
  const changed = xml.replace(search, replacement);
  assert.notEqual(changed, xml, `the tamper ${String(search)} changed nothing`);
  return changed;
}

test('tampered XML is detected: an amount, a name, a seal character, a swapped certificate', { skip: skipWithoutShared }, () => {
  let count = 0;
  for (const sample of cfdi40Samples.filter((entry) => entry.seal === 'valid')) {
    const xml = readSample(sample.file).toString('utf8');
    const { comprobante } = parseCfdi(xml);
    const variants = [
      replaceOnce(xml, ` Total="${comprobante.Total}"`, ` Total="${comprobante.Total}1"`),
      replaceOnce(xml, / Nombre="([^"]*)"/, ' Nombre="$1 X"'),
      replaceOnce(xml, ` Sello="${comprobante.Sello}"`, ` Sello="${flip(comprobante.Sello!, 20)}"`),
    ];
    for (const variant of variants) {
      assert.equal(verifySeal(variant).reason, 'cfdi.sello_mismatch', sample.file);
      count += 1;
    }
  }
  assert.ok(count >= 48);
  const xml = readSample('sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml').toString('utf8');
  const { comprobante } = parseCfdi(xml);
  const other = credentialFiles('EKU9003173C9_CSD_30001000000500003416');
  const swapped = replaceOnce(
    replaceOnce(xml, ` Certificado="${comprobante.Certificado}"`, ` Certificado="${other.certificate.toString('base64')}"`),
    ` NoCertificado="${comprobante.NoCertificado}"`,
    ' NoCertificado="30001000000500003416"',
  );
  const result = verifySeal(swapped);
  assert.equal(result.reason, 'cfdi.sello_mismatch');
  assert.equal(result.certificate?.rfc, 'EKU9003173C9');
  assert.throws(() => verifySeal('<nope/>'), CfdiError);
});

test('sealComprobante reproduces the kit’s seal from the parsed model and the result verifies', { skip: skipWithoutShared }, async () => {
  const cases: [string, string][] = [
    ['sealed-no-tfd/E_EKU9003173C9_2025-03-03_generated.xml', 'EKU9003173C9_CSD_30001000000500003416'],
    ['sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml', 'FUNK671228PH6_CSD_30001000000500003446'],
    ['sealed-no-tfd/I_ONO120726RX3_2025-03-03_generated.xml', 'ONO120726RX3_CSD_30001000000500003439'],
    ['sealed-no-tfd/P_pagos20_EKU9003173C9_2023-06-13.xml', 'EKU9003173C9_CSD_30001000000500003416'],
  ];
  for (const [file, folder] of cases) {
    const files = credentialFiles(folder);
    const credential = openCredential(files.certificate, files.key, files.password);
    const { comprobante } = parseCfdi(readSample(file));
    const { Sello, NoCertificado: _number, Certificado: _certificate, ...unsealed } = comprobante;
    const sealed = await sealComprobante({ ...unsealed }, credential);
    assert.equal(sealed.comprobante.Sello, Sello, file);
    assert.equal(sealed.comprobante.NoCertificado, credential.certificate.serialNumber);
    assert.equal(sealed.comprobante.Certificado, credential.certificate.base64);
    assert.equal(sealed.cadenaOriginal, sampleCadena(file), file);
    assert.deepEqual(sealComprobanteSync(unsealed, credential), sealed);
    const written = verifySeal(writeCfdi(sealed.comprobante));
    assert.equal(written.ok, true, file);
    assert.deepEqual(written.warnings, []);
  }
});

test('sealing refuses a FIEL and a CSD of another RFC', { skip: skipWithoutShared }, async () => {
  const { comprobante } = parseCfdi(readSample('sealed-no-tfd/E_EKU9003173C9_2025-03-03_generated.xml'));
  const fielFiles = credentialFiles('EKU9003173C9_FIEL_30001000000500003415');
  const fiel = openCredential(fielFiles.certificate, fielFiles.key, fielFiles.password);
  const funkFiles = credentialFiles('FUNK671228PH6_CSD_30001000000500003446');
  const funk = openCredential(funkFiles.certificate, funkFiles.key, funkFiles.password);
  const code = (error: unknown) => (error instanceof CredentialError ? error.code : String(error));
  await assert.rejects(sealComprobante(comprobante, fiel), (error) => code(error) === 'credential.not_a_csd');
  await assert.rejects(sealComprobante(comprobante, funk), (error) => code(error) === 'credential.rfc_mismatch');
});
