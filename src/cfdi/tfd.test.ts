import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import {
  TFD_XSLT,
  cfdi40Samples,
  credentialFiles,
  hasXsltproc,
  mapLimit,
  readSample,
  sampleTfdCadena,
  satPacCertificatesDir,
  xsltproc,
} from '../../test/support/sat-samples.ts';
import { openCredential, readCertificate } from './credentials.ts';
import type { SatCertificate } from './credentials.ts';
import type { TimbreFiscalDigital } from './model.ts';
import { TFD_NAMESPACE, findTimbre } from './model.ts';
import { parseCfdi } from './parse.ts';
import { parseXml } from './xml/parse.ts';
import { buildTimbre, buildTimbreSync, findTimbreElement, normalizeSpace, tfdCadenaOriginal, timbreFieldsFromElement, verifyTimbre } from './tfd.ts';

function sampleTimbre(file: string): { timbre: TimbreFiscalDigital; sello: string | undefined } {
  const { comprobante, root } = parseCfdi(readSample(file));
  const timbre = findTimbre(comprobante)!;
  // The model and the element as written agree for every sample.
  assert.deepEqual(timbreFieldsFromElement(findTimbreElement(root)!), { ...timbre });
  return { timbre, sello: comprobante.Sello };
}

function satCertificate(noCertificado: string): SatCertificate {
  return readCertificate(fs.readFileSync(path.join(satPacCertificatesDir(), `${noCertificado}.cer`)));
}

const stamped = cfdi40Samples.filter((sample) => sample.tfd?.outcome === 'valid');

test('the TFD cadena of every stamped sample equals the kit’s *.tfd-cadena.txt byte for byte', { skip: skipWithoutShared }, () => {
  assert.equal(stamped.length, 5);
  for (const sample of stamped) {
    const { timbre } = sampleTimbre(sample.file);
    assert.equal(tfdCadenaOriginal(timbre), sampleTfdCadena(sample.file), sample.file);
  }
});

test('every stamped sample’s SelloSAT verifies with the SAT/PAC certificate it names', { skip: skipWithoutShared }, () => {
  for (const sample of stamped) {
    const { timbre, sello } = sampleTimbre(sample.file);
    assert.equal(timbre.NoCertificadoSAT, sample.tfd!.noCertificadoSat);
    const result = verifyTimbre(timbre, { certificate: satCertificate(timbre.NoCertificadoSAT), sello });
    assert.deepEqual([result.ok, result.reason, result.selloSatValid, result.selloCfdMatches], [true, undefined, true, true], sample.file);
  }
});

test('negative samples: altered timbres and SelloCFD mismatches are caught', { skip: skipWithoutShared }, () => {
  const fiel = readCertificate(credentialFiles('expired/H_E951128469_FIEL_30001000000400002460').certificate);
  const check = (file: string) => {
    const { timbre, sello } = sampleTimbre(file);
    return verifyTimbre(timbre, { certificate: fiel, sello });
  };
  // The self-made "timbre" verifies only with the emisor's own FIEL, never with a SAT certificate.
  assert.equal(check('negative/I_H_E951128469_sealed-with-FIEL_self-signed-tfd.xml').ok, true);
  assert.equal(check('negative/I_H_E951128469_tampered_seal-fails.xml').reason, 'cfdi.tfd_sello_sat_mismatch');
  const bad = check('negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml');
  assert.equal(bad.reason, 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(bad.selloCfdMatches, false);
  const jes = sampleTimbre('negative/I_JES900109Q90_2022_tfd-sellocfd-mismatch.xml');
  assert.notEqual(jes.timbre.SelloCFD, jes.sello);
});

test('a timbre altered in any field, or checked with another certificate, fails', { skip: skipWithoutShared }, () => {
  const file = 'real/I_ISD950921HE5_2025-01-24_real.xml';
  const { timbre, sello } = sampleTimbre(file);
  const certificate = satCertificate(timbre.NoCertificadoSAT);
  const reason = (changed: TimbreFiscalDigital, options: { sello?: string; certificate?: SatCertificate } = {}) =>
    verifyTimbre(changed, { certificate: options.certificate ?? certificate, sello: options.sello ?? sello }).reason;
  const flip = (text: string, index: number) => text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

  assert.equal(reason({ ...timbre, UUID: timbre.UUID.replace(/.$/, '8') }), 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(reason({ ...timbre, FechaTimbrado: '2025-01-24T10:10:43' }), 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(reason({ ...timbre, RfcProvCertif: 'AAA010101AAA' }), 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(reason({ ...timbre, Leyenda: '' }), 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(reason({ ...timbre, SelloSAT: flip(timbre.SelloSAT, 10) }), 'cfdi.tfd_sello_sat_mismatch');
  assert.equal(reason({ ...timbre, SelloSAT: timbre.SelloSAT.slice(4) }), 'cfdi.tfd_malformed_sello_sat');
  assert.equal(reason({ ...timbre, SelloSAT: `${timbre.SelloSAT.slice(0, -4)}!!==` }), 'cfdi.tfd_malformed_sello_sat');
  assert.equal(reason({ ...timbre, SelloSAT: '' }), 'cfdi.tfd_sello_sat_missing');
  assert.equal(reason({ ...timbre, NoCertificadoSAT: '00001000000504465028' }), 'cfdi.tfd_certificado_mismatch');
  assert.equal(reason(timbre, { certificate: satCertificate('00001000000504465028') }), 'cfdi.tfd_certificado_mismatch');
  // A certificate claiming the right number but holding another key.
  const impostor = { ...satCertificate('00001000000504465028'), serialNumber: timbre.NoCertificadoSAT };
  assert.equal(reason(timbre, { certificate: impostor }), 'cfdi.tfd_sello_sat_mismatch');
  // SelloCFD is inside the signed cadena: changing it breaks SelloSAT first.
  assert.equal(reason({ ...timbre, SelloCFD: flip(timbre.SelloCFD, 5) }), 'cfdi.tfd_sello_sat_mismatch');
  const otherSello = verifyTimbre(timbre, { certificate, sello: flip(sello!, 5) });
  assert.deepEqual([otherSello.reason, otherSello.selloSatValid, otherSello.selloCfdMatches], ['cfdi.tfd_sello_cfd_mismatch', true, false]);
});

test('buildTimbre signs a timbre that verifies, async and sync alike (RSA PKCS#1 v1.5 is deterministic)', { skip: skipWithoutShared }, async () => {
  const files = credentialFiles('EKU9003173C9_CSD_30001000000500003416');
  const pac = openCredential(files.certificate, files.key, files.password);
  const input = {
    UUID: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
    FechaTimbrado: '2026-01-05T09:30:00',
    RfcProvCertif: 'SPR190613I52',
    Leyenda: 'Timbre de prueba',
    SelloCFD: 'c2VsbG8gZGUgcHJ1ZWJh',
    NoCertificadoSAT: pac.certificate.serialNumber,
  };
  const timbre = await buildTimbre(input, pac.privateKey);
  assert.deepEqual(buildTimbreSync(input, pac.privateKey), timbre);
  assert.equal(
    tfdCadenaOriginal(timbre),
    `||1.1|${input.UUID}|2026-01-05T09:30:00|SPR190613I52|Timbre de prueba|c2VsbG8gZGUgcHJ1ZWJh|${pac.certificate.serialNumber}||`,
  );
  const result = verifyTimbre(timbre, { certificate: pac.certificate, sello: input.SelloCFD });
  assert.equal(result.ok, true);
  const { Leyenda: _leyenda, ...withoutLeyenda } = input;
  assert.equal(verifyTimbre(await buildTimbre(withoutLeyenda, pac.privateKey), { certificate: pac.certificate }).ok, true);
});

test('normalize-space: only XML whitespace collapses; NBSP and other characters stay', () => {
  assert.equal(normalizeSpace('  a \t\r\n b  '), 'a b');
  assert.equal(normalizeSpace('\u00a0a\u00a0'), '\u00a0a\u00a0');
  assert.equal(normalizeSpace(''), '');
  assert.equal(normalizeSpace(' \n '), '');
});

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

test('the TFD cadena is byte-identical to xsltproc on timbres with odd values', {
  skip: skipWithoutShared || (!hasXsltproc && 'xsltproc is not installed'),
}, async () => {
  const base = {
    Version: '1.1',
    UUID: 'ad662d33-6934-459c-a128-bdf0393e0f44',
    FechaTimbrado: '2025-02-19T12:00:01',
    RfcProvCertif: 'H&E951128469',
    SelloCFD: 'abc+/=',
    NoCertificadoSAT: '30001000000500003456',
    SelloSAT: 'x',
  };
  const variants: Record<string, string>[] = [
    base,
    { ...base, Leyenda: '' },
    { ...base, Leyenda: '  Leyenda   con\tespacios\n y Ñ  ' },
    { ...base, RfcProvCertif: ' OÑO120726RX3 ', UUID: '\t\tX\r\nY ' },
    { ...base, Leyenda: 'a < b & "c" \u00a0 d', SelloCFD: '' },
    { ...base, Version: '' },
  ];
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfd-'));
  try {
    await mapLimit(variants, 2, async (attributes, index) => {
      const text = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NAMESPACE}"${text}/>`;
      const file = path.join(directory, `tfd-${index}.xml`);
      fs.writeFileSync(file, xml);
      const timbre = timbreFieldsFromElement(parseXml(xml));
      assert.equal(tfdCadenaOriginal(timbre), await xsltproc(TFD_XSLT, file), `variant ${index}`);
    });
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
  assert.ok(fs.existsSync(satPath(TFD_XSLT)));
});
