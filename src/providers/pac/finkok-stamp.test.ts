import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { openCsd, readCertificate } from '../../cfdi/credentials.ts';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { findTimbre } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { verifySeal } from '../../cfdi/seal.ts';
import { verifyTimbre } from '../../cfdi/tfd.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { fechaAt, sealedXml } from '../../simulator/testing.test-support.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { FinkokPacClient } from './finkok-client.ts';

const clock = new ManualClock('2026-07-15T18:00:00Z');
let simulator: RunningSimulator;
let client: FinkokPacClient;
let csd: SatCredential;

before(async () => {
  simulator = await startSimulator({ clock, settings: { slowResponseMs: 3_000 } });
  const { settings } = simulator.deps;
  client = new FinkokPacClient({ baseUrl: simulator.url, username: settings.pacUsername, password: settings.pacPassword, timeoutMs: 10_000 });
  csd = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', name: 'ESCUELA KEMPER URGATE' })).credential;
});

after(() => simulator.close());

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, `expected a ProviderError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

let folio = 0;
function nextFolio(): string {
  folio += 1;
  return String(folio);
}

test('a sealed CFDI is stamped with a TimbreFiscalDigital that verifies with the published certificate', async () => {
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio() });
  const result = await client.stamp(xml);
  assert.match(result.uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
  assert.equal(result.duplicate, false);
  assert.equal(result.fechaTimbrado, '2026-07-15T12:00:00');
  const stamped = parseCfdi(result.xml);
  const timbre = findTimbre(stamped.comprobante);
  assert.ok(timbre);
  assert.equal(timbre.UUID, result.uuid);
  assert.equal(timbre.RfcProvCertif, simulator.deps.settings.pacRfc);
  assert.equal(verifySeal(result.xml).ok, true);
  const published = await fetch(`${simulator.url}/certificates/${timbre.NoCertificadoSAT}.cer`);
  const certificate = readCertificate(new Uint8Array(await published.arrayBuffer()));
  assert.equal(verifyTimbre(timbre, { certificate, sello: stamped.comprobante.Sello }).ok, true);
  const row = await simulator.ledger.get(result.uuid);
  assert.equal(row?.status, 'Vigente');
  assert.equal(row?.emisorRfc, 'EKU9003173C9');
});

test('stamping the same sealed XML again returns the first stamp, never a second UUID', async () => {
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio() });
  const first = await client.stamp(xml);
  const again = await client.stamp(xml);
  assert.equal(again.uuid, first.uuid);
  assert.equal(again.duplicate, true);
  assert.equal(again.xml, first.xml);
  const concurrent = await Promise.all([1, 2, 3].map(() => client.stamp(sealedXml(csd, { fecha: fechaAt(clock), folio: 'concurrente' }))));
  assert.equal(new Set(concurrent.map((item) => item.uuid)).size, 1);
});

test('stamped() returns the earlier stamp of a comprobante, and null for one never stamped', async () => {
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio() });
  const first = await client.stamp(xml);
  const previous = await client.stamped(xml);
  assert.equal(previous?.uuid, first.uuid);
  assert.equal(await client.stamped(sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio() })), null);
  assert.equal(await client.stampedXml(first.uuid, 'EKU9003173C9'), first.xml);
  assert.equal(await client.stampedXml(first.uuid, 'AAA010101AAA'), null);
});

test('a stamp whose answer times out is recovered with stamped(), with a single UUID', async () => {
  const impatient = new FinkokPacClient({
    baseUrl: simulator.url,
    username: simulator.deps.settings.pacUsername,
    password: simulator.deps.settings.pacPassword,
    timeoutMs: 300,
  });
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio(), serie: 'SIMLENTO' });
  const countBefore = await simulator.ledger.count({});
  const error = await rejection(impatient.stamp(xml));
  assert.equal(error.code, 'pac.internal_error');
  assert.equal(error.retryable, true);
  assert.equal(error.failure, 'timeout');
  assert.equal(error.outcomeUnknown, true);
  const recovered = await client.stamped(xml);
  assert.ok(recovered);
  const retried = await client.stamp(xml);
  assert.equal(retried.uuid, recovered.uuid);
  assert.equal(retried.duplicate, true);
  assert.equal(await simulator.ledger.count({}), countBefore + 1);
  const row = await simulator.ledger.get(recovered.uuid);
  assert.equal(row?.xml, recovered.xml);
});

test('a PAC outage is a retryable pac.internal_error and stamps nothing', async () => {
  const before = await simulator.ledger.count({});
  const error = await rejection(client.stamp(sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio(), serie: 'SIMFALLA' })));
  assert.equal(error.code, 'pac.internal_error');
  assert.equal(error.retryable, true);
  assert.equal(error.failure, 'refused');
  assert.equal(await simulator.ledger.count({}), before);
});

test('wrong PAC credentials are pac.auth_failed, not retryable', async () => {
  const intruder = new FinkokPacClient({ baseUrl: simulator.url, username: 'someone', password: 'wrong' });
  const error = await rejection(intruder.stamp(sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio() })));
  assert.equal(error.code, 'pac.auth_failed');
  assert.equal(error.retryable, false);
  assert.equal(error.providerCode, '300');
});

test('the real SAT test CSD (EKU9003173C9) is accepted', { skip: skipWithoutShared }, async () => {
  const folder = satPath('credentials/EKU9003173C9_CSD_30001000000500003416');
  const real = openCsd(fs.readFileSync(`${folder}/EKU9003173C9.cer`), fs.readFileSync(`${folder}/EKU9003173C9.key`), '12345678a', { now: clock.now() });
  const result = await client.stamp(sealedXml(real, { fecha: fechaAt(clock), folio: nextFolio() }));
  assert.equal(parseCfdi(result.xml).comprobante.NoCertificado, '30001000000500003416');
});

test('a CFDI stamped by another PAC is refused (707), its own stamp stands', { skip: skipWithoutShared }, async () => {
  const xml = fs.readFileSync(satPath('samples/cfdi40/test-stamped/I_EKU9003173C9_2025-02-19_test-pac.xml'));
  const error = await rejection(client.stamp(xml.toString('utf8')));
  assert.equal(error.code, 'pac.duplicate');
  assert.equal(error.providerCode, '707');
});

test('a large CFDI is read on the worker pool, stamped once, and comes back with every issuer byte before the timbre', async () => {
  // An Addenda of 3,000 lines makes a request of about 300 KB: past the size read off the event loop.
  const lines = Array.from({ length: 3_000 }, (_, index) => ({
    namespace: 'http://example.com/erp',
    prefix: 'erp',
    local: 'Linea',
    attributes: [{ namespace: null, prefix: null, local: 'Texto', value: `Partida ${index} del pedido de compra con su descripción` }],
    children: [],
  }));
  const pedido = { namespace: 'http://example.com/erp', prefix: 'erp', local: 'Pedido', attributes: [], children: lines };
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: nextFolio(), beforeSeal: (model) => ({ ...model, Addenda: [{ Xml: pedido }] }) });
  assert.ok(Buffer.byteLength(xml) > 200_000);
  const before = simulator.deps.workers.completed;
  const result = await client.stamp(xml);
  assert.ok(simulator.deps.workers.completed > before, 'the request was read on the pool');
  const stamped = parseCfdi(result.xml);
  assert.equal(findTimbre(stamped.comprobante)?.UUID, result.uuid);
  assert.equal(stamped.comprobante.Addenda?.length, 1);
  assert.ok(result.xml.indexOf('<tfd:TimbreFiscalDigital') < result.xml.indexOf('<cfdi:Addenda>'));
  assert.equal(verifySeal(result.xml).ok, true);
  assert.equal((await simulator.ledger.get(result.uuid))?.xml, result.xml);
  const again = await client.stamp(xml);
  assert.equal(again.uuid, result.uuid);
  assert.equal(again.duplicate, true);
});
