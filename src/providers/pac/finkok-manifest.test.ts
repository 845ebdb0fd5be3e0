import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { openFiel } from '../../cfdi/credentials.ts';
import { verifyEnveloped } from '../../cfdi/xml/xmldsig.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { parameters, childText } from '../soap-client.ts';
import { signContract } from './contract-signer.ts';
import { FinkokPacClient } from './finkok-client.ts';
import { manifestCode } from './finkok-manifest.ts';

const clock = new ManualClock('2026-07-15T18:00:00Z');
let simulator: RunningSimulator;
let client: FinkokPacClient;

before(async () => {
  simulator = await startSimulator({ clock });
  const { settings } = simulator.deps;
  client = new FinkokPacClient({ baseUrl: simulator.url, username: settings.pacUsername, password: settings.pacPassword, snid: settings.manifestSnid, clock });
});

after(() => simulator.close());

async function manifestError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error.code;
  }
  assert.fail('the manifest was signed');
}

test('the contracts are signed with the FIEL, verified by the service and recorded once per RFC', async () => {
  const fiel = (await simulator.ca.issue({ rfc: 'FUNK671228PH6', kind: 'fiel', name: 'KARLA FUENTE NOLASCO' })).credential;
  const result = await client.signManifest({ fiel, email: 'karla@example.com', address: 'Ciudad de México' });
  assert.equal(result.rfc, 'FUNK671228PH6');
  assert.match(result.contractXml, /<contrato rfc="FUNK671228PH6" fecha="2026-07-15T12:00:00">/);
  assert.equal(verifyEnveloped(result.contractXml, fiel.certificate.publicKey).ok, true);
  const recorded = await simulator.ledger.getManifest('FUNK671228PH6');
  assert.equal(recorded?.fielNoCertificado, fiel.certificate.serialNumber);
  assert.equal(await manifestError(client.signManifest({ fiel, email: 'karla@example.com' })), 'manifiesto.already_signed');
});

test('a CSD, a FIEL from no SAT authority and an expired FIEL are refused', async () => {
  const csd = (await simulator.ca.issue({ rfc: 'AAA010101AAA', kind: 'csd' })).credential;
  assert.equal(await manifestError(client.signManifest({ fiel: csd, email: 'a@example.com' })), 'manifiesto.invalid_certificate');
  const elsewhere = await startSimulator({ clock });
  try {
    const foreign = (await elsewhere.ca.issue({ rfc: 'AAA010101AAA', kind: 'fiel' })).credential;
    assert.equal(await manifestError(client.signManifest({ fiel: foreign, email: 'a@example.com' })), 'manifiesto.certificate_not_sat');
  } finally {
    await elsewhere.close();
  }
  const expired = (
    await simulator.ca.issue({ rfc: 'AAA010101AAA', kind: 'fiel', validFrom: new Date('2020-01-01T00:00:00Z'), validTo: new Date('2024-01-01T00:00:00Z') })
  ).credential;
  assert.equal(await manifestError(client.signManifest({ fiel: expired, email: 'a@example.com' })), 'manifiesto.certificate_not_valid');
});

test('a wrong partner id and an altered signed contract are refused', async () => {
  const fiel = (await simulator.ca.issue({ rfc: 'XIQB891116QE4', kind: 'fiel' })).credential;
  const stranger = new FinkokPacClient({ baseUrl: simulator.url, username: 'u', password: 'p', snid: 'OTRO', clock });
  assert.equal(await manifestError(stranger.signManifest({ fiel, email: 'x@example.com' })), 'manifiesto.invalid_credentials');
  const snid = simulator.deps.settings.manifestSnid;
  const contracts = await client.call(
    'firmar',
    'get_contracts_snid',
    parameters('tns:', { snid, taxpayer_id: 'XIQB891116QE4', name: 'BERENICE', address: '', email: 'x@example.com' }),
  );
  const text = (name: string) => Buffer.from(childText(contracts, name), 'base64').toString('utf8');
  const privacy = signContract(text('privacy'), 'XIQB891116QE4', '2026-07-15T12:00:00', fiel);
  const contract = signContract(text('contract'), 'XIQB891116QE4', '2026-07-15T12:00:00', fiel).replace('autoriza', 'no autoriza');
  const answer = await client.call('firmar', 'sign_contract', parameters('tns:', { snid, privacy_xml: privacy, contract_xml: contract }));
  assert.equal(childText(answer, 'success'), 'false');
  assert.equal(manifestCode(childText(answer, 'message')), 'manifiesto.bad_sello');
  const incomplete = await client.call('firmar', 'sign_contract', parameters('tns:', { snid, privacy_xml: privacy, contract_xml: '' }));
  assert.equal(manifestCode(childText(incomplete, 'message')), 'manifiesto.bad_request');
});

test("the SAT's test FIEL signs the manifest", { skip: skipWithoutShared }, async () => {
  const folder = satPath('credentials/EKU9003173C9_FIEL_30001000000500003415');
  const fiel = openFiel(fs.readFileSync(`${folder}/EKU9003173C9.cer`), fs.readFileSync(`${folder}/EKU9003173C9.key`), '12345678a', { now: clock.now() });
  const result = await client.signManifest({ fiel, email: 'escuela@example.com' });
  assert.equal(result.rfc, 'EKU9003173C9');
});
