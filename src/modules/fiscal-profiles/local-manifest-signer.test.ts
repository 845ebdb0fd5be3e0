import { createPrivateKey, verify, X509Certificate } from 'node:crypto';
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readCertificate } from '../../cfdi/credentials.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createLocalManifestSigner, manifestText } from './local-manifest-signer.ts';
import { ManifestSignerError } from './ports.ts';
import { defaultLegalName } from './rules.ts';
import { makeCredential, type MadeCredential } from './test-credentials.test-support.ts';

const RFC = 'EKU9003173C9';

describe('the local carta manifiesto signer', () => {
  let fiel: MadeCredential;
  let otherFiel: MadeCredential;
  let csd: MadeCredential;
  const clock = new ManualClock('2026-07-15T18:00:00Z');
  const signer = createLocalManifestSigner(clock);

  before(async () => {
    [fiel, otherFiel, csd] = await Promise.all([
      makeCredential({ rfc: RFC, kind: 'fiel' }),
      makeCredential({ rfc: RFC, kind: 'fiel' }),
      makeCredential({ rfc: RFC, kind: 'csd' }),
    ]);
  });

  const request = (certificate: MadeCredential, key: MadeCredential, rfc = RFC) => ({
    rfc,
    legalName: 'ESCUELA KEMPER URGATE',
    email: 'a@example.mx',
    mode: 'test' as const,
    fiel: { certificateDer: certificate.cer, privateKey: createPrivateKey(key.plainKeyPem) },
  });

  async function rejectsWith(promise: Promise<unknown>, code: string) {
    await assert.rejects(promise, (error: unknown) => error instanceof ManifestSignerError && error.code === code);
  }

  test('signs the manifiesto text with the FIEL; the signature in the contract verifies against the certificate', async () => {
    const signature = await signer.signManifest(request(fiel, fiel));
    assert.deepEqual(signature.signedAt, clock.now());
    const xml = signature.contractXml ?? '';
    assert.match(xml, new RegExp(`NoCertificado="${fiel.serial}"`));
    const value = /<Firma Algoritmo="RSA-SHA256">([^<]+)<\/Firma>/.exec(xml)?.[1];
    assert.ok(value);
    const text = manifestText({ rfc: RFC, legalName: 'ESCUELA KEMPER URGATE', email: 'a@example.mx' }, clock.now());
    assert.ok(verify('sha256', Buffer.from(text), new X509Certificate(fiel.cer).publicKey, Buffer.from(value, 'base64')));
  });

  test('refuses a CSD, a FIEL of another RFC, a key of another FIEL and a FIEL outside its validity', async () => {
    await rejectsWith(signer.signManifest(request(csd, csd)), 'manifiesto.invalid_certificate');
    await rejectsWith(signer.signManifest(request(fiel, fiel, 'FUNK671228PH6')), 'manifiesto.certificate_error');
    await rejectsWith(signer.signManifest(request(fiel, otherFiel)), 'manifiesto.bad_sello');
    await rejectsWith(
      signer.signManifest({ ...request(fiel, fiel), fiel: { certificateDer: Buffer.from('garbage'), privateKey: createPrivateKey(fiel.plainKeyPem) } }),
      'manifiesto.invalid_certificate',
    );
    const late = createLocalManifestSigner(new ManualClock('2031-01-01T00:00:00Z'));
    await rejectsWith(late.signManifest(request(fiel, fiel)), 'manifiesto.certificate_not_valid');
  });

  test("the default legal name drops a persona moral's régimen de capital and keeps a persona física's name whole", async () => {
    const names: Array<[string, string, string]> = [
      [RFC, 'ESCUELA KEMPER URGATE SA DE CV', 'ESCUELA KEMPER URGATE'],
      [RFC, 'ORGANICOS ÑAVEZ OSORIO S.A DE C.V SA DE CV', 'ORGANICOS ÑAVEZ OSORIO'],
      [RFC, 'SERVICIOS ALFA S. DE R.L. DE C.V.', 'SERVICIOS ALFA'],
      [RFC, 'DESPACHO CONTABLE SC', 'DESPACHO CONTABLE'],
      [RFC, 'CASA DE BOLSA', 'CASA DE BOLSA'],
      ['FUNK671228PH6', 'KARLA FUENTE NOLASCO SA', 'KARLA FUENTE NOLASCO SA'],
    ];
    for (const [rfc, name, expected] of names) {
      const credential = await makeCredential({ rfc, kind: 'csd', name });
      assert.equal(defaultLegalName(readCertificate(credential.cer)), expected, name);
    }
  });
});
