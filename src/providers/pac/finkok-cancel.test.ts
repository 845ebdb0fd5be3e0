import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { verifyEnveloped } from '../../cfdi/xml/xmldsig.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { fechaAt, sealedXml } from '../../simulator/testing.test-support.ts';
import type { CfdiOptions } from '../../simulator/testing.test-support.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { parameters } from '../soap-client.ts';
import { FinkokPacClient } from './finkok-client.ts';
import type { CancelRequest, StampResult } from './port.ts';

const START = '2026-07-15T18:00:00Z'; // Wednesday 12:00 in Mexico City
const clock = new ManualClock(START);
let simulator: RunningSimulator;
let client: FinkokPacClient;
let csd: SatCredential;
let folio = 0;

before(async () => {
  simulator = await startSimulator({ clock });
  client = new FinkokPacClient({ baseUrl: simulator.url, username: simulator.deps.settings.pacUsername, password: simulator.deps.settings.pacPassword });
  csd = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', validFrom: new Date('2026-01-01T00:00:00Z') })).credential;
});

after(() => simulator.close());

async function stampNow(options: Partial<CfdiOptions> = {}): Promise<StampResult> {
  folio += 1;
  return client.stamp(sealedXml(csd, { fecha: fechaAt(clock), folio: String(folio), ...options }));
}

function request(uuid: string, overrides: Partial<CancelRequest> = {}): CancelRequest {
  return { uuid, rfcEmisor: 'EKU9003173C9', motivo: '02', certificateDer: csd.certificate.der, privateKey: csd.privateKey, ...overrides };
}

async function cancelError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error;
  }
  assert.fail('the cancellation was accepted');
}

function status(uuid: string, total: string, receptor = 'MCI7306249Y1') {
  return client.cancellationStatus({ uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: receptor, total });
}

/** Friday 10:00 in Mexico City: later than the business day after a Wednesday Fecha. */
function toFriday(): void {
  clock.set('2026-07-17T16:00:00Z');
}

test('a CFDI of up to $1,000 is cancelled at once, with a signed acuse', async () => {
  clock.set(START);
  const stamped = await stampNow({ valorUnitario: '500.00' });
  toFriday();
  const result = await client.cancel(request(stamped.uuid));
  assert.equal(result.status, 'cancelled');
  assert.equal(result.estatusCancelacion, 'Cancelado sin aceptación');
  const acuse = await client.acuse(stamped.uuid, 'EKU9003173C9');
  assert.match(acuse, new RegExp(`<UUID>${stamped.uuid}</UUID><EstatusUUID>201</EstatusUUID>`));
  assert.equal(verifyEnveloped(acuse, simulator.ca.stamping.certificate.publicKey).ok, true);
  const sat = await status(stamped.uuid, '580.00');
  assert.deepEqual(
    [sat.found, sat.estado, sat.estatusCancelacion, sat.esCancelable],
    [true, 'Cancelado', 'Cancelado sin aceptación', 'Cancelable sin aceptación'],
  );
});

test('público en general and a cancellation within the next business day need no acceptance', async () => {
  clock.set(START);
  const publico = await stampNow({ receptorRfc: 'XAXX010101000' });
  const sameWeek = await stampNow();
  clock.set('2026-07-16T22:00:00Z'); // Thursday 16:00: still the business day after the Fecha
  assert.equal((await client.cancel(request(sameWeek.uuid))).status, 'cancelled');
  toFriday();
  assert.equal((await client.cancel(request(publico.uuid))).status, 'cancelled');
});

test('a cancellation that needs acceptance waits for the receptor and is accepted when 72 business hours lapse', async () => {
  clock.set(START);
  const stamped = await stampNow();
  toFriday();
  const pending = await client.cancel(request(stamped.uuid));
  assert.deepEqual([pending.status, pending.estatusCancelacion], ['pending', 'En proceso']);
  assert.equal((await client.cancel(request(stamped.uuid))).status, 'pending');
  assert.equal((await cancelError(client.acuse(stamped.uuid, 'EKU9003173C9'))).code, 'cancel.no_acuse');
  let sat = await status(stamped.uuid, '2320.00');
  assert.deepEqual([sat.estado, sat.estatusCancelacion, sat.esCancelable], ['Vigente', 'En proceso', 'Cancelable con aceptación']);
  clock.set('2026-07-22T15:59:00Z'); // next Wednesday 09:59: the weekend does not count
  sat = await status(stamped.uuid, '2320.00');
  assert.equal(sat.estatusCancelacion, 'En proceso');
  clock.set('2026-07-22T16:01:00Z');
  sat = await status(stamped.uuid, '2320.00');
  assert.deepEqual([sat.estado, sat.estatusCancelacion], ['Cancelado', 'Plazo vencido']);
  assert.equal(verifyEnveloped(await client.acuse(stamped.uuid, 'EKU9003173C9'), simulator.ca.stamping.certificate.publicKey).ok, true);
});

test('the magic receptors reject or accept a cancellation', async () => {
  clock.set(START);
  const rejected = await stampNow({ receptorRfc: 'RCH010101AA1' });
  const accepted = await stampNow({ receptorRfc: 'ACP010101AA1' });
  toFriday();
  assert.equal((await client.cancel(request(rejected.uuid))).status, 'pending');
  assert.equal((await client.cancel(request(accepted.uuid))).status, 'pending');
  clock.advance(31_000);
  const no = await status(rejected.uuid, '2320.00', 'RCH010101AA1');
  assert.deepEqual([no.estado, no.estatusCancelacion], ['Vigente', 'Solicitud rechazada']);
  const yes = await status(accepted.uuid, '2320.00', 'ACP010101AA1');
  assert.deepEqual([yes.estado, yes.estatusCancelacion], ['Cancelado', 'Cancelado con aceptación']);
  // After a rejection the emisor may ask again.
  assert.equal((await client.cancel(request(rejected.uuid))).status, 'pending');
});

test('the receptor answers through accept_reject and sees its pending requests', async () => {
  clock.set(START);
  const receptor = (await simulator.ca.issue({ rfc: 'MCI7306249Y1', kind: 'csd' })).credential;
  const stamped = await stampNow();
  toFriday();
  await client.cancel(request(stamped.uuid));
  const auth = { username: simulator.deps.settings.pacUsername, password: simulator.deps.settings.pacPassword };
  const pending = await client.call('cancel', 'get_pending', parameters('tns:', { ...auth, rtaxpayer_id: 'MCI7306249Y1' }));
  assert.match(JSON.stringify(pending), new RegExp(stamped.uuid));
  const key = receptor.privateKey.export({ format: 'pem', type: 'pkcs8' });
  const answer = await client.call(
    'cancel',
    'accept_reject',
    `<s0:UUIDS_AR><s0:uuids_ar><s0:UUID_AR><s0:uuid>${stamped.uuid}</s0:uuid><s0:respuesta>Aceptacion</s0:respuesta></s0:UUID_AR></s0:uuids_ar></s0:UUIDS_AR>` +
      parameters('tns:', { ...auth, rtaxpayer_id: 'MCI7306249Y1', cer: receptor.certificate.der.toString('base64'), key: Buffer.from(key).toString('base64') }),
  );
  assert.match(JSON.stringify(answer), /"1000"/);
  const sat = await status(stamped.uuid, '2320.00');
  assert.deepEqual([sat.estado, sat.estatusCancelacion], ['Cancelado', 'Cancelado con aceptación']);
});

test('motivo 01 needs a stamped substitute that relates to the cancelled CFDI with TipoRelacion 04', async () => {
  clock.set(START);
  const original = await stampNow();
  const unrelated = await stampNow();
  const substitute = await stampNow({ relacionados: [{ TipoRelacion: '04', UUIDs: [original.uuid] }] });
  const code = async (overrides: Partial<CancelRequest>) => (await cancelError(client.cancel(request(original.uuid, overrides)))).code;
  assert.equal(await code({ motivo: '01' }), 'cancel.motivo_missing');
  assert.equal(await code({ motivo: '01', folioSustitucion: '00000000-0000-0000-0000-000000000000' }), 'cancel.substitution_folio_invalid');
  assert.equal(await code({ motivo: '01', folioSustitucion: 'no-es-un-uuid' }), 'cancel.substitution_folio_invalid');
  assert.equal(await code({ motivo: '01', folioSustitucion: unrelated.uuid }), 'cancel.relation_invalid');
  assert.equal(await code({ motivo: '02', folioSustitucion: substitute.uuid }), 'cancel.substitution_folio_not_required');
  assert.equal(await code({ motivo: '05' }), 'cancel.motivo_invalid');
  const result = await client.cancel(request(original.uuid, { motivo: '01', folioSustitucion: substitute.uuid }));
  assert.equal(result.status, 'cancelled');
  const again = await cancelError(client.cancel(request(original.uuid)));
  assert.equal(again.code, 'cancel.already_cancelled');
});

test("unknown UUIDs, another emisor's CFDI and CFDIs that live CFDIs refer to are refused", async () => {
  clock.set(START);
  const stamped = await stampNow();
  const other = (await simulator.ca.issue({ rfc: 'AAA010101AAA', kind: 'csd' })).credential;
  assert.equal((await cancelError(client.cancel(request('11111111-2222-3333-4444-555555555555')))).code, 'cancel.uuid_not_found');
  const foreign = await cancelError(
    client.cancel(request(stamped.uuid, { rfcEmisor: 'AAA010101AAA', certificateDer: other.certificate.der, privateKey: other.privateKey })),
  );
  assert.equal(foreign.code, 'cancel.rfc_mismatch');
  await stampNow({ tipo: 'E', relacionados: [{ TipoRelacion: '01', UUIDs: [stamped.uuid] }] });
  const referenced = await cancelError(client.cancel(request(stamped.uuid)));
  assert.equal(referenced.code, 'cancel.not_cancellable');
  const sat = await status(stamped.uuid, '2320.00');
  assert.equal(sat.esCancelable, 'No cancelable');
});

test('the SAT being unreachable, wrong PAC credentials and a FIEL instead of the CSD are reported', async () => {
  clock.set(START);
  const unreachable = await stampNow({ receptorRfc: 'IND010101AA1' });
  const error = await cancelError(client.cancel(request(unreachable.uuid)));
  assert.deepEqual([error.code, error.retryable], ['cancel.sat_service_unavailable', true]);
  const statusError = await cancelError(status(unreachable.uuid, '2320.00', 'IND010101AA1'));
  assert.deepEqual([statusError.code, statusError.retryable], ['cancel.sat_service_unavailable', true]);
  const intruder = new FinkokPacClient({ baseUrl: simulator.url, username: 'x', password: 'y' });
  assert.equal((await cancelError(intruder.cancel(request(unreachable.uuid)))).code, 'pac.auth_failed');
  const fiel = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel' })).credential;
  const withFiel = await cancelError(client.cancel(request(unreachable.uuid, { certificateDer: fiel.certificate.der, privateKey: fiel.privateKey })));
  assert.equal(withFiel.code, 'pac.certificate_invalid');
  const mismatched = await cancelError(client.cancel(request(unreachable.uuid, { privateKey: fiel.privateKey })));
  assert.equal(mismatched.code, 'pac.certificate_invalid');
});
