import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCorpus } from '../../test/support/cfdi-corpus.ts';
import { skipWithoutShared } from '../../test/support/shared.ts';
import { CFDI40_XSLT, TFD_XSLT, credentialFiles, hasXsltproc, mapLimit, xsltproc } from '../../test/support/sat-samples.ts';
import { runCfdiCommand } from './cli.ts';
import { openCsd } from './credentials.ts';
import type { Comprobante } from './model.ts';
import { sealComprobante, verifySeal } from './seal.ts';
import { buildTimbre, tfdCadenaOriginal } from './tfd.ts';
import { timbreElement, writeCfdi } from './writer.ts';
import { serializeXml } from './xml/serialize.ts';

const CORPUS_SIZE = 24;

/**
 * Generated documents with hostile text (Ñ, &, quotes, odd spaces, emoji), sealed with the test
 * CSD and stamped with a timbre whose SelloSAT the same key signs (standing in for a PAC).
 */
async function stampedCorpus() {
  const files = credentialFiles('EKU9003173C9_CSD_30001000000500003416');
  const credential = openCsd(files.certificate, files.key, files.password, { now: new Date('2025-01-01T00:00:00Z') });
  return Promise.all(
    generateCorpus(CORPUS_SIZE, 500).map(async (generated, index) => {
      const unsealed: Comprobante = { ...generated, Emisor: { ...generated.Emisor, Rfc: credential.certificate.rfc } };
      const { comprobante, cadenaOriginal } = await sealComprobante(unsealed, credential);
      const timbre = await buildTimbre(
        {
          UUID: `5F2A1B3C-0D4E-4F60-8A7B-${String(index).padStart(12, '0')}`,
          FechaTimbrado: comprobante.Fecha,
          RfcProvCertif: 'SPR190613I52',
          ...(index % 3 === 0 ? { Leyenda: ' Leyenda  &  "prueba" Ñ ' } : {}),
          SelloCFD: comprobante.Sello!,
          NoCertificadoSAT: credential.certificate.serialNumber,
        },
        credential.privateKey,
      );
      const others = (comprobante.Complemento ?? []).filter((item) => !('TimbreFiscalDigital' in item));
      const stamped: Comprobante = { ...comprobante, Complemento: [...others, { TimbreFiscalDigital: timbre }] };
      return { xml: writeCfdi(stamped), sealed: comprobante, cadenaOriginal, timbre, credential };
    }),
  );
}

test('sealed and stamped corpus documents verify against the SAT XSLT cadenas (as openssl would)', {
  skip: skipWithoutShared || (!hasXsltproc && 'xsltproc is not installed'),
}, async () => {
  const corpus = await stampedCorpus();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'seal-corpus-'));
  try {
    await mapLimit(corpus, 2, async ({ xml, sealed, cadenaOriginal, timbre, credential }, index) => {
      const documentFile = path.join(directory, `${index}.xml`);
      const timbreFile = path.join(directory, `${index}.tfd.xml`);
      fs.writeFileSync(documentFile, xml);
      fs.writeFileSync(timbreFile, serializeXml(timbreElement(timbre)));
      const satCadena = await xsltproc(CFDI40_XSLT, documentFile);
      assert.equal(satCadena, cadenaOriginal, `document ${index}: the sealed cadena is the SAT's`);
      const publicKey = credential.certificate.publicKey;
      assert.ok(verify('sha256', Buffer.from(satCadena, 'utf8'), publicKey, Buffer.from(sealed.Sello!, 'base64')));
      const satTimbreCadena = await xsltproc(TFD_XSLT, timbreFile);
      assert.equal(tfdCadenaOriginal(timbre), satTimbreCadena, `document ${index}: TFD cadena`);
      assert.ok(verify('sha256', Buffer.from(satTimbreCadena, 'utf8'), publicKey, Buffer.from(timbre.SelloSAT, 'base64')));
    });
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

test('cfdi verify accepts every stamped corpus document and rejects it after any edit', { skip: skipWithoutShared }, async () => {
  const corpus = await stampedCorpus();
  const certificates = '/virtual/pac';
  for (const [index, { xml, credential }] of corpus.entries()) {
    const serial = credential.certificate.serialNumber;
    const files: Record<string, Buffer> = { '/virtual/doc.xml': Buffer.from(xml), [`${certificates}/${serial}.cer`]: credential.certificate.der };
    const run = async () => {
      let stdout = '';
      const code = await runCfdiCommand(['verify', '/virtual/doc.xml', '--sat-certs', certificates], {
        stdout: (text) => void (stdout += text),
        stderr: () => undefined,
        readFile: async (file) => files[file] ?? Promise.reject(Object.assign(new Error('missing'), { code: 'ENOENT' })),
        readDir: async () => [`${serial}.cer`],
      });
      return { code, report: JSON.parse(stdout) };
    };
    const good = await run();
    // The corpus signs each timbre with the issuer's own CSD (some of them expired at Fecha): both
    // signatures verify, and what is found is that such a timbre is self-signed.
    const findings = good.report.errors.map((error: { code: string }) => error.code);
    assert.ok(findings.includes('cfdi.tfd_self_signed'), `document ${index}`);
    assert.deepEqual(
      findings.filter((code: string) => code !== 'cfdi.tfd_self_signed' && code !== 'cfdi.csd_expired'),
      [],
      `document ${index}`,
    );
    assert.equal(good.report.sello.ok, true);
    assert.equal(good.report.timbre.status, 'valid');
    assert.equal(verifySeal(xml).ok, true);
    // An edited SelloSAT breaks only the timbre; an edited Fecha breaks the issuer seal.
    files['/virtual/doc.xml'] = Buffer.from(xml.replace(/SelloSAT="(.)/, (_match, first: string) => `SelloSAT="${first === 'A' ? 'B' : 'A'}`));
    const timbreEdited = await run();
    assert.deepEqual([timbreEdited.code, timbreEdited.report.sello.ok, timbreEdited.report.timbre.reason], [1, true, 'cfdi.tfd_sello_sat_mismatch']);
    const editedDate = xml.replace(/ Fecha="([^"]*)([0-9])"/, (_match, head: string, last: string) => ` Fecha="${head}${last === '0' ? '1' : '0'}"`);
    assert.notEqual(editedDate, xml);
    files['/virtual/doc.xml'] = Buffer.from(editedDate);
    const dateEdited = await run();
    assert.deepEqual([dateEdited.code, dateEdited.report.sello.reason], [1, 'cfdi.sello_mismatch']);
  }
});
