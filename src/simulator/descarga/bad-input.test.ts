import 'reflect-metadata';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import { AuthenticateTranslator, DateTime, Fiel, FielRequestBuilder } from '@nodecfdi/sat-ws-descarga-masiva';
import * as x509 from '@peculiar/x509';
import { XmlDocument } from 'libxml2-wasm';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { attributeOf, authorization, post, rawToken, sharedFiel, signedEnvelope, signer, startHarness } from './descarga.test-support.ts';
import type { FielFiles, Harness } from './descarga.test-support.ts';
import { DESCARGA_PATHS } from './index.ts';

const OWNER = 'EKU9003173C9';
const PATHS = Object.values(DESCARGA_PATHS);
const EMITIDOS = 'SolicitaDescargaEmitidos';

function issuedRequest(rfc: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    RfcSolicitante: rfc,
    RfcEmisor: rfc,
    FechaInicial: '2026-04-01T00:00:00',
    FechaFinal: '2026-04-30T23:59:59',
    TipoSolicitud: 'Metadata',
    EstadoComprobante: 'Todos',
    ...overrides,
  };
}

function wellFormed(xml: string): boolean {
  try {
    XmlDocument.fromString(xml).dispose();
    return true;
  } catch {
    return false;
  }
}

/** A FIEL-shaped certificate that no trusted CA issued. */
async function untrustedFiel(rfc: string): Promise<FielFiles> {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const usage = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.dataEncipherment | x509.KeyUsageFlags.keyAgreement;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from('30001000000999999999').toString('hex'),
    name: [{ CN: ['IMPOSTOR SA DE CV'] }, { '2.5.4.45': [rfc] }],
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2029-01-01T00:00:00Z'),
    signingAlgorithm: algorithm,
    keys,
    extensions: [new x509.KeyUsagesExtension(usage, true)],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({
    format: 'der',
    type: 'pkcs8',
    cipher: 'aes-256-cbc',
    passphrase: 'secreto1',
  });
  return { certificate: Buffer.from(certificate.rawData), privateKey, password: 'secreto1' };
}

describe('bad input to the bulk download services is answered as the SAT would, never a crash', () => {
  let harness: Harness;
  let fiel: FielFiles;
  let token: string;

  before(async () => {
    harness = await startHarness();
    fiel = await harness.fiel(OWNER, 'ESCUELA KEMPER URGATE SA DE CV');
    token = await rawToken(harness, fiel);
  });
  after(() => harness.close());

  test('bodies that are not SOAP get a s:Client fault and unknown operations an ActionNotSupported fault (HTTP 500) on every endpoint', async () => {
    const garbage = ['', 'not xml at all', '<a><b></a>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', '<root/>'];
    for (const path of PATHS) {
      for (const body of garbage) {
        const answer = await post(harness.url, path, body);
        assert.equal(answer.status, 500, `${path} ${body}`);
        assert.ok(wellFormed(answer.body) && answer.body.includes('s:Client</faultcode>'), answer.body);
      }
      const unknown = await post(
        harness.url,
        path,
        '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Nada xmlns="urn:x"/></s:Body></s:Envelope>',
      );
      assert.equal(unknown.status, 500);
      assert.match(unknown.body, /a:ActionNotSupported/);
    }
    const misrouted = signedEnvelope(signer(fiel), 'VerificaSolicitudDescarga', 'solicitud', { IdSolicitud: 'x', RfcSolicitante: OWNER });
    assert.match((await post(harness.url, DESCARGA_PATHS.request, misrouted, authorization(token))).body, /a:ActionNotSupported/);
  });

  test('Autentica answers the InvalidSecurity fault for a CSD, an untrusted certificate, a stale or tampered Timestamp', async () => {
    const csd = await harness.simulator.ca.issue({ rfc: OWNER, kind: 'csd' });
    const refused: FielFiles[] = [{ certificate: csd.cerDer, privateKey: csd.keyPkcs8EncryptedDer, password: csd.password }, await untrustedFiel(OWNER)];
    for (const files of refused) assert.equal(await rawToken(harness, files), '');
    const now = Math.floor(harness.clock.now().getTime() / 1000);
    const builder = new FielRequestBuilder(Fiel.create(fiel.certificate.toString('binary'), fiel.privateKey.toString('binary'), fiel.password));
    const stale = builder.authorization(DateTime.create(now - 900), DateTime.create(now - 600));
    const future = builder.authorization(DateTime.create(now + 3_600), DateTime.create(now + 3_900));
    const fresh = builder.authorization(DateTime.create(now), DateTime.create(now + 300));
    const tampered = fresh.replace(/<u:Expires>[^<]+</, `<u:Expires>${new Date((now + 3_600) * 1000).toISOString()}<`);
    for (const body of [stale, future, tampered]) {
      const answer = await post(harness.url, DESCARGA_PATHS.authenticate, body);
      assert.equal(answer.status, 500);
      assert.match(answer.body, /a:InvalidSecurity/);
    }
    const accepted = await post(harness.url, DESCARGA_PATHS.authenticate, fresh);
    assert.notEqual(new AuthenticateTranslator().createTokenFromSoapResponse(accepted.body).getValue(), '');
  });

  test('the SAT test FIEL is accepted, its expired and CSD siblings are not; recorded requests verify and are judged on their content', {
    skip: skipWithoutShared,
  }, async () => {
    const satFiel = sharedFiel('EKU9003173C9_FIEL_30001000000500003415', 'EKU9003173C9');
    const satToken = await rawToken(harness, satFiel);
    assert.notEqual(satToken, '');
    const expiredFiles = sharedFiel('expired/FIEL_AAA010101AAA_30001000000300023685', 'certificate', 'private_key');
    assert.equal(await rawToken(harness, expiredFiles), '', 'an expired FIEL does not authenticate');
    const csd = sharedFiel('EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9');
    assert.equal(await rawToken(harness, csd), '', 'a CSD does not authenticate');
    const recorded = (file: string) => fs.readFileSync(satPath('protocols/descarga-masiva', file), 'utf8');
    const headers = authorization(satToken);
    const fixture = await post(harness.url, DESCARGA_PATHS.authenticate, recorded('authenticate/request.xml'));
    assert.match(fixture.body, /a:InvalidSecurity/, 'a 2019 Timestamp is stale');
    const query = await post(harness.url, DESCARGA_PATHS.request, recorded('query/request-issued.xml'), headers);
    assert.equal(attributeOf(query.body, 'SolicitaDescargaEmitidosResult', 'CodEstatus'), '301', 'signature verified; 2019 is outside the six years kept');
    const verify = await post(harness.url, DESCARGA_PATHS.verify, recorded('verify/request.xml'), headers);
    assert.equal(attributeOf(verify.body, 'VerificaSolicitudDescargaResult', 'CodEstatus'), '5004');
    const download = await post(harness.url, DESCARGA_PATHS.download, recorded('download/request.xml'), headers);
    assert.equal(attributeOf(download.body, 'respuesta', 'CodEstatus'), '5004');
    const signedByExpired = signedEnvelope(signer(expiredFiles), EMITIDOS, 'solicitud', issuedRequest('AAA010101AAA'));
    assert.equal(attributeOf((await post(harness.url, DESCARGA_PATHS.request, signedByExpired, headers)).body, `${EMITIDOS}Result`, 'CodEstatus'), '304');
    const signedByCsd = signedEnvelope(signer(csd), EMITIDOS, 'solicitud', issuedRequest(OWNER));
    assert.equal(attributeOf((await post(harness.url, DESCARGA_PATHS.request, signedByCsd, headers)).body, `${EMITIDOS}Result`, 'CodEstatus'), '305');
  });

  test('SolicitaDescarga: 300 without a valid token, 302 for a broken seal, 303 for another RFC, 305 untrusted, 301 for invalid values', async () => {
    const key = signer(fiel);
    const codeOf = async (body: string, headers = authorization(token)): Promise<string | undefined> =>
      attributeOf((await post(harness.url, DESCARGA_PATHS.request, body, headers)).body, `${EMITIDOS}Result`, 'CodEstatus');
    const valid = signedEnvelope(key, EMITIDOS, 'solicitud', issuedRequest(OWNER));
    assert.equal(await codeOf(valid, {}), '300');
    assert.equal(await codeOf(valid, authorization('eyJhbGciOi.garbage.token')), '300');
    assert.equal(await codeOf(valid.replace('2026-04-30T23:59:59', '2026-05-30T23:59:59')), '302', 'an attribute changed after signing');
    assert.equal(await codeOf(valid.replace(/<SignatureValue>[^<]+/, '<SignatureValue>AAAA')), '302');
    assert.equal(await codeOf(valid.replace(/<Signature[\s\S]*<\/Signature>/, '')), '302', 'no signature at all');
    const other = signer(await harness.fiel('FUNK671228PH6'));
    assert.equal(await codeOf(signedEnvelope(other, EMITIDOS, 'solicitud', issuedRequest(OWNER))), '303');
    assert.equal(await codeOf(signedEnvelope(signer(await untrustedFiel(OWNER)), EMITIDOS, 'solicitud', issuedRequest(OWNER))), '305');
    const invalid: Record<string, string>[] = [
      { FechaInicial: '2026-04-01' },
      { FechaInicial: '2026-05-01T00:00:00' },
      { FechaInicial: '2019-01-01T00:00:00' },
      { TipoSolicitud: 'XML' },
      { EstadoComprobante: 'Activo' },
      { TipoComprobante: 'X' },
      { Complemento: 'inexistente' },
      { RfcACuentaTerceros: 'NO-RFC' },
    ];
    for (const override of invalid) {
      const answer = await post(
        harness.url,
        DESCARGA_PATHS.request,
        signedEnvelope(key, EMITIDOS, 'solicitud', issuedRequest(OWNER, override)),
        authorization(token),
      );
      assert.equal(attributeOf(answer.body, `${EMITIDOS}Result`, 'CodEstatus'), '301', JSON.stringify(override));
      assert.match(attributeOf(answer.body, `${EMITIDOS}Result`, 'Mensaje') ?? '', /^XML Mal Formado: /);
    }
    assert.equal(await codeOf(signedEnvelope(key, EMITIDOS, 'otra', issuedRequest(OWNER))), '301', 'no des:solicitud element');
    assert.equal(await codeOf(valid), '5000');
  });

  test("verification and download: unknown ids, malformed ids and another RFC's ids are 5004; an expired token is 300", async () => {
    const key = signer(fiel);
    const accepted = await post(
      harness.url,
      DESCARGA_PATHS.request,
      signedEnvelope(key, EMITIDOS, 'solicitud', issuedRequest(OWNER, { FechaFinal: '2026-04-29T23:59:59' })),
      authorization(token),
    );
    const requestId = attributeOf(accepted.body, `${EMITIDOS}Result`, 'IdSolicitud')!;
    const verifyCode = async (id: string, by = key, rfc = OWNER, headers = authorization(token)) =>
      attributeOf(
        (
          await post(
            harness.url,
            DESCARGA_PATHS.verify,
            signedEnvelope(by, 'VerificaSolicitudDescarga', 'solicitud', { IdSolicitud: id, RfcSolicitante: rfc }),
            headers,
          )
        ).body,
        'VerificaSolicitudDescargaResult',
        'CodEstatus',
      );
    const downloadCode = async (id: string, headers = authorization(token)) =>
      attributeOf(
        (
          await post(
            harness.url,
            DESCARGA_PATHS.download,
            signedEnvelope(key, 'PeticionDescargaMasivaTercerosEntrada', 'peticionDescarga', { IdPaquete: id, RfcSolicitante: OWNER }),
            headers,
          )
        ).body,
        'respuesta',
        'CodEstatus',
      );
    assert.equal(await verifyCode(requestId), '5000');
    assert.equal(await verifyCode('00000000-0000-0000-0000-000000000000'), '5004');
    assert.equal(await verifyCode('<script>'), '5004');
    const stranger = await harness.fiel('FUNK671228PH6');
    assert.equal(await verifyCode(requestId, signer(stranger), 'FUNK671228PH6', authorization(await rawToken(harness, stranger))), '5004');
    assert.equal(await verifyCode(requestId, key, 'FUNK671228PH6'), '303');
    for (const id of [`${requestId}_01`, `${requestId}_99`, '00000000-0000-0000-0000-000000000000_01', 'nada'])
      assert.equal(await downloadCode(id), '5004', id);
    harness.clock.advance(301_000);
    assert.equal(await verifyCode(requestId), '300');
    assert.equal(await downloadCode(`${requestId}_01`), '300');
  });
});
