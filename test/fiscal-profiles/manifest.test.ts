/**
 * POST /v1/fiscal_profiles/{id}/manifest answers the specification's manifiesto.* codes: every way
 * the PAC's manifest signing service (Finkok's `firmar`, here a stand-in on loopback answering as
 * told) can fail reaches the caller as its code and status, through the real SOAP client and the
 * service's signer adapter; and a FIEL the service can judge itself is refused before any call.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/platform/clock.ts';
import { FinkokPacClient } from '../../src/providers/pac/index.ts';
import { pacManifestSigner } from '../../src/providers-setup.ts';
import { createProfilesTestApp, type ProfilesTestApp } from '../../src/modules/fiscal-profiles/test-app.test-support.ts';
import { asJson, makeCredential, type MadeCredential } from '../../src/modules/fiscal-profiles/test-credentials.test-support.ts';

const RFC = 'EKU9003173C9';

/** What the stand-in answers: an operation's result elements, or a raw HTTP answer, or a cut connection. */
type Answer = { result: Record<string, string> } | { status: number; body: string } | 'hang up';
type Scenario = { contracts: Answer; sign?: Answer };

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const contractsOk: Answer = { result: { success: 'true', contract: base64('CONTRATO DE PRUEBA'), privacy: base64('AVISO DE PRUEBA'), error: '' } };
const refusedContracts = (error: string): Scenario => ({ contracts: { result: { success: 'false', contract: '', privacy: '', error } } });
const refusedSignature = (message: string): Scenario => ({ contracts: contractsOk, sign: { result: { success: 'false', message } } });

function envelope(operation: string, result: Record<string, string>): string {
  const fields = Object.entries(result)
    .map(([name, value]) => `<s0:${name}>${value}</s0:${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:${operation}Response xmlns:tns="http://facturacion.finkok.com/manifest"><tns:${operation}Result>${fields}</tns:${operation}Result></tns:${operation}Response></senv:Body></senv:Envelope>`;
}

describe('the manifest endpoint and the signing service', () => {
  let t: ProfilesTestApp;
  let key: string;
  let fiel: MadeCredential;
  let csd: MadeCredential;
  let scenario: Scenario;
  let service: http.Server;

  before(async () => {
    service = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const operation = /sign_contract/.test(Buffer.concat(chunks).toString('utf8')) ? 'sign_contract' : 'get_contracts_snid';
        const answer = operation === 'sign_contract' ? scenario.sign : scenario.contracts;
        if (answer === undefined) throw new Error(`the scenario does not expect ${operation}`);
        if (answer === 'hang up') return request.socket.destroy();
        const [status, body] = 'result' in answer ? [200, envelope(operation, answer.result)] : [answer.status, answer.body];
        response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const clock = new ManualClock('2026-07-15T18:00:00Z');
    const client = new FinkokPacClient({
      baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      username: 'cuenta',
      password: 'secreto',
      snid: 'SOCIO',
      clock,
      timeoutMs: 5_000,
    });
    t = await createProfilesTestApp({ deps: { manifestSigner: pacManifestSigner(() => client, clock) } });
    ({ testKey: key } = await t.bootstrap('Manifest'));
    [fiel, csd] = await Promise.all([makeCredential({ rfc: RFC, kind: 'fiel' }), makeCredential({ rfc: RFC, kind: 'csd' })]);
  });

  after(async () => {
    await t.close();
    await new Promise((resolve) => service.close(resolve));
  });

  async function pendingProfile(): Promise<string> {
    const created = await t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: { csd: asJson(csd), tax_regime: '601', zip: '42501' } });
    assert.equal(created.statusCode, 201, created.body);
    return created.json().id;
  }

  const sign = (profileId: string, credential: Pick<MadeCredential, 'cer' | 'key' | 'password'> = fiel) =>
    t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profileId}/manifest`, key, payload: { fiel: asJson(credential), email: 'firma@example.mx' } });

  test('each failure of the signing service is answered with its manifiesto code and status, and leaves the profile unsigned', async () => {
    const profileId = await pendingProfile();
    const cases: [string, Scenario, number, string][] = [
      ['a partner id the service does not know', refusedContracts('SNID inválido.'), 422, 'manifiesto.invalid_credentials'],
      [
        'missing parameters',
        refusedContracts('Parámetros incompletos o incorrectos: taxpayer_id, name y email son obligatorios.'),
        422,
        'manifiesto.bad_request',
      ],
      ['a request it cannot parse', refusedSignature('XML mal formado: se esperaba un elemento.'), 422, 'manifiesto.malformed_xml'],
      [
        'a contract that is not the one handed out',
        refusedSignature('Contrato mal formado: no es el documento entregado por get_contracts_snid.'),
        422,
        'manifiesto.malformed_contract',
      ],
      [
        'a CSD instead of a FIEL',
        refusedSignature('El certificado no es una FIEL: los contratos se firman con la e.firma.'),
        422,
        'manifiesto.invalid_certificate',
      ],
      ['a certificate from no SAT authority', refusedSignature('Certificado no expedido por el SAT.'), 422, 'manifiesto.certificate_not_sat'],
      ['an expired or revoked FIEL', refusedSignature('Certificado revocado o caduco.'), 422, 'manifiesto.certificate_not_valid'],
      ['a signature that does not verify', refusedSignature('Sello inválido: la firma no corresponde.'), 422, 'manifiesto.bad_sello'],
      [
        'a FIEL of another RFC',
        refusedSignature('Error en el certificado: la FIEL es de AAA010101AAA y los documentos son de EKU9003173C9.'),
        422,
        'manifiesto.certificate_error',
      ],
      ['a contract no longer in force', refusedSignature('Contrato no vigente para este socio.'), 422, 'manifiesto.contract_not_valid'],
      ['a refusal in words it does not explain', refusedSignature('Ocurrió un error inesperado.'), 502, 'manifiesto.provider_error'],
      [
        'a SOAP fault',
        {
          contracts: {
            status: 500,
            body: envelope('x', {}).replace(
              /<senv:Body>.*<\/senv:Body>/,
              '<senv:Body><senv:Fault><faultcode>senv:Server</faultcode><faultstring>boom</faultstring></senv:Fault></senv:Body>',
            ),
          },
        },
        502,
        'manifiesto.provider_error',
      ],
      ['an answer that is not XML', { contracts: { status: 200, body: '<html><body>Bad gateway</body>' } }, 422, 'manifiesto.invalid_response'],
      ['a connection cut before any answer', { contracts: 'hang up' }, 502, 'manifiesto.network_error'],
      // A contract text that cannot be written into XML (a control character) cannot be signed.
      [
        'contracts that cannot be signed',
        { contracts: { result: { success: 'true', contract: base64('CONTRATO \u0001'), privacy: base64('AVISO'), error: '' } } },
        502,
        'manifiesto.xml_generation_error',
      ],
    ];
    for (const [what, given, status, code] of cases) {
      scenario = given;
      const response = await sign(profileId);
      assert.equal(response.statusCode, status, `${what}: ${response.body}`);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8', what);
      assert.equal(response.json().code, code, `${what}: ${response.body}`);
    }
    const profile = (await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${profileId}`, key })).json();
    assert.deepEqual([profile.manifest_status, profile.status, profile.has_fiel], ['pending_signature', 'requires_action', false]);
  });

  test('a manifiesto the service already holds for the RFC counts as signed', async () => {
    const profileId = await pendingProfile();
    scenario = refusedSignature(`El RFC ${RFC} ya firmó el manifiesto.`);
    const response = await sign(profileId);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual([response.json().manifest_status, response.json().status], ['signed', 'active']);
    const again = await sign(profileId);
    assert.deepEqual([again.statusCode, again.json().code], [422, 'manifiesto.already_signed']);
  });

  test('a FIEL the service can judge is refused with the manifiesto code before the signing service is called', async () => {
    const profileId = await pendingProfile();
    scenario = { contracts: { status: 500, body: 'the signing service must not be called' } };
    const [expired, otherRfc, otherKey] = await Promise.all([
      makeCredential({ rfc: RFC, kind: 'fiel', validFrom: new Date('2020-01-01T00:00:00Z'), validTo: new Date('2024-01-01T00:00:00Z') }),
      makeCredential({ rfc: 'FUNK671228PH6', kind: 'fiel', name: 'KARLA FUENTE NOLASCO' }),
      makeCredential({ rfc: RFC, kind: 'fiel' }),
    ]);
    const cases: [string, Pick<MadeCredential, 'cer' | 'key' | 'password'>, string][] = [
      ['a CSD', csd, 'manifiesto.invalid_certificate'],
      ['not a certificate', { ...fiel, cer: Buffer.from('not a certificate') }, 'manifiesto.invalid_certificate'],
      ['an expired FIEL', expired, 'manifiesto.certificate_not_valid'],
      ["another RFC's FIEL", otherRfc, 'manifiesto.certificate_error'],
      ["another FIEL's key", { ...fiel, key: otherKey.key, password: otherKey.password }, 'manifiesto.bad_sello'],
      ['a wrong password', { ...fiel, password: 'not the password' }, 'fiscal_profile.invalid_fiel'],
    ];
    for (const [what, credential, code] of cases) {
      const response = await sign(profileId, credential);
      assert.deepEqual([response.statusCode, response.json().code], [422, code], `${what}: ${response.body}`);
    }
  });
});
