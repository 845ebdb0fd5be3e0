/**
 * Checks of a stamped CFDI as an outsider would make them: the issuer seal and the TFD seal with
 * the engine, the TFD certificate downloaded from the simulator as the SAT publishes its own, and,
 * when ../shared is present, the SAT's XSD (xmllint) and the SAT's XSLT cadenas (xsltproc) with
 * the signatures checked by node:crypto over xsltproc's output.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { verify as verifySignature } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readCertificate } from '../../src/cfdi/credentials.ts';
import { findTimbre } from '../../src/cfdi/model.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { verifySeal } from '../../src/cfdi/seal.ts';
import { verifyTimbre } from '../../src/cfdi/tfd.ts';
import { CFDI40_XSLT, hasXsltproc, TFD_XSLT } from '../support/sat-samples.ts';
import { hasShared, satPath } from '../support/shared.ts';

const run = promisify(execFile);
const canUseSatTools = hasShared && hasXsltproc;

/** The TFD element as a document of its own (the TFD XSLT matches it at the root). */
function timbreDocument(xml: string): string {
  const match = /<tfd:TimbreFiscalDigital\b[^>]*\/>/.exec(xml);
  assert.ok(match, 'the stamped XML has a tfd:TimbreFiscalDigital element');
  const element = match[0];
  return element.includes('xmlns:tfd=')
    ? element
    : element.replace('<tfd:TimbreFiscalDigital', '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"');
}

async function satToolChecks(
  xml: string,
  issuerPublicKey: import('node:crypto').KeyObject,
  sello: string,
  pacPublicKey: import('node:crypto').KeyObject,
  selloSat: string,
): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-xml-'));
  try {
    const file = path.join(directory, 'cfdi.xml');
    const tfdFile = path.join(directory, 'tfd.xml');
    fs.writeFileSync(file, xml);
    fs.writeFileSync(tfdFile, timbreDocument(xml));
    const schema = await run('xmllint', ['--noout', '--schema', satPath('xml', 'cfdi40-bundle.xsd'), file]).catch((error: { stderr?: string }) =>
      assert.fail(`xmllint: ${error.stderr}`),
    );
    assert.match(schema.stderr, /validates/);
    const cadena = (await run('xsltproc', [satPath(CFDI40_XSLT), file], { encoding: 'buffer', maxBuffer: 16 << 20 })).stdout as Buffer;
    assert.ok(verifySignature('sha256', cadena, issuerPublicKey, Buffer.from(sello, 'base64')), 'the issuer seal verifies over the SAT XSLT cadena');
    const tfdCadena = (await run('xsltproc', [satPath(TFD_XSLT), tfdFile], { encoding: 'buffer' })).stdout as Buffer;
    assert.ok(verifySignature('sha256', tfdCadena, pacPublicKey, Buffer.from(selloSat, 'base64')), 'SelloSAT verifies over the SAT XSLT TFD cadena');
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** Asserts every seal of a stamped CFDI; returns its UUID. */
export async function assertStampedCfdi(xml: string, simulatorUrl: string): Promise<string> {
  const seal = verifySeal(xml);
  assert.equal(seal.ok, true, seal.message);
  const { comprobante } = parseCfdi(xml);
  const timbre = findTimbre(comprobante);
  assert.ok(timbre, 'the CFDI carries a TimbreFiscalDigital');
  const published = await fetch(`${simulatorUrl}/certificates/${timbre.NoCertificadoSAT}.cer`);
  assert.equal(published.status, 200);
  const pacCertificate = readCertificate(Buffer.from(await published.arrayBuffer()));
  const tfd = verifyTimbre(timbre, { certificate: pacCertificate, sello: comprobante.Sello ?? '' });
  assert.equal(tfd.ok, true, tfd.message);
  if (canUseSatTools) {
    const issuer = readCertificate(Buffer.from(comprobante.Certificado ?? '', 'base64'));
    await satToolChecks(xml, issuer.publicKey, comprobante.Sello ?? '', pacCertificate.publicKey, timbre.SelloSAT);
  }
  return timbre.UUID;
}
