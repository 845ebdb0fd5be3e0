import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { fechaAt, sealedXml } from '../../simulator/testing.test-support.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { FinkokPacClient } from '../pac/finkok-client.ts';
import { CONSULTA_ACTION, expressionFor, parseConsultaResponse, SatStatusClient } from './status-client.ts';

const clock = new ManualClock('2026-07-15T18:00:00Z');
let simulator: RunningSimulator;
let pac: FinkokPacClient;
let sat: SatStatusClient;
let csd: SatCredential;

before(async () => {
  simulator = await startSimulator({ clock });
  pac = new FinkokPacClient({ baseUrl: simulator.url, username: simulator.deps.settings.pacUsername, password: simulator.deps.settings.pacPassword });
  sat = new SatStatusClient({ url: `${simulator.url}/ConsultaCFDIService.svc` });
  csd = (await simulator.ca.issue({ rfc: 'H&E951128469', kind: 'csd', name: 'HERRERIA & ELECTRICOS' })).credential;
});

after(() => simulator.close());

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error;
  }
  assert.fail('expected a ProviderError');
}

async function stamp(receptorRfc: string, folio: string) {
  const result = await pac.stamp(sealedXml(csd, { fecha: fechaAt(clock), folio, receptorRfc }));
  const { comprobante } = parseCfdi(result.xml);
  return { uuid: result.uuid, total: comprobante.Total, sello: comprobante.Sello ?? '' };
}

test('a stamped CFDI is found with the 4.0 expression and with the short one, RFCs with & included', async () => {
  const cfdi = await stamp('MCI7306249Y1', '1');
  const query = { uuid: cfdi.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'MCI7306249Y1', total: cfdi.total };
  assert.match(expressionFor({ ...query, sello: cfdi.sello }), /re=H&amp;E951128469&rr=/);
  for (const status of [await sat.query({ ...query, sello: cfdi.sello }), await sat.query(query)]) {
    assert.equal(status.found, true);
    assert.equal(status.codigoEstatus, 'S - Comprobante obtenido satisfactoriamente.');
    assert.equal(status.estado, 'Vigente');
    assert.equal(status.cancellable, 'without_acceptance'); // still within the business day after its Fecha
    assert.equal(status.validacionEfos, '200');
    assert.equal(status.efosListed, false);
  }
});

test('a CFDI whose data do not match is "N - 602" (found: false)', async () => {
  const cfdi = await stamp('MCI7306249Y1', '2');
  const status = await sat.query({ uuid: cfdi.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'MCI7306249Y1', total: '1.00' });
  assert.deepEqual([status.found, status.estado, status.cancellable], [false, 'No Encontrado', null]);
  assert.match(status.codigoEstatus, /^N - 602/);
});

test('an invalid expression is "N - 601", reported as cfdi.invalid_expression', async () => {
  for (const expression of ['?id=foo', '?re=AAA010101AAA&rr=XAXX010101000&tt=abc&id=11111111-2222-3333-4444-555555555555', 'sin signo']) {
    const error = await failure(sat.queryExpression(expression));
    assert.equal(error.code, 'cfdi.invalid_expression');
    assert.equal(error.retryable, false);
  }
});

test("the PAC's get_sat_status relays the SAT refusing values it cannot look up (N - 601) as cfdi.invalid_expression", async () => {
  const known = { uuid: '11111111-2222-3333-4444-555555555555', rfcEmisor: 'H&E951128469', rfcReceptor: 'MCI7306249Y1', total: '1.00' };
  for (const query of [
    { ...known, uuid: 'no-es-un-uuid' },
    { ...known, rfcReceptor: 'mci7306249y1' },
    { ...known, total: '1,000.00' },
  ]) {
    const error = await failure(pac.cancellationStatus(query));
    assert.deepEqual([error.code, error.retryable], ['cfdi.invalid_expression', false], JSON.stringify(query));
  }
  // Well-formed values of a CFDI nobody stamped are an answer: not found.
  assert.equal((await pac.cancellationStatus(known)).found, false);
});

test('messages say who answered: the SAT, or the simulator standing in for it', async () => {
  const simulated = new SatStatusClient({ url: `${simulator.url}/ConsultaCFDIService.svc`, authority: 'simulator' });
  assert.equal(simulated.authority, 'simulator');
  assert.match((await failure(simulated.queryExpression('?id=foo'))).detail, /^The simulator refused the query: N - 601/);
  assert.match((await failure(sat.queryExpression('?id=foo'))).detail, /^The SAT refused the query: N - 601/);
  // A Total no expression can carry is the same finding, found before asking.
  const unwritable = await failure(
    sat.query({ uuid: '11111111-2222-3333-4444-555555555555', rfcEmisor: 'H&E951128469', rfcReceptor: 'MCI7306249Y1', total: 'mil', sello: 'abcdefgh' }),
  );
  assert.deepEqual([unwritable.code, unwritable.retryable], ['cfdi.invalid_expression', false]);
});

test('the SAT being unreachable is cfdi.status_indeterminate, retryable; EFOS listing is reported', async () => {
  const unreachable = await stamp('IND010101AA1', '3');
  const error = await failure(sat.query({ uuid: unreachable.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'IND010101AA1', total: unreachable.total }));
  assert.deepEqual([error.code, error.retryable, error.failure, error.providerCode], ['cfdi.status_indeterminate', true, 'refused', 'a:InternalServiceFault']);
  const efos = await stamp('EFO010101AA1', '4');
  const status = await sat.query({ uuid: efos.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'EFO010101AA1', total: efos.total });
  assert.deepEqual([status.validacionEfos, status.efosListed], ['100', true]);
  const down = new SatStatusClient({ url: 'http://127.0.0.1:9/ConsultaCFDIService.svc', timeoutMs: 2_000 });
  assert.equal((await failure(down.query({ uuid: efos.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'X', total: '1' }))).code, 'cfdi.status_indeterminate');
});

test('a cancelled CFDI shows Estado Cancelado', async () => {
  const cfdi = await stamp('MCI7306249Y1', '5');
  await pac.cancel({ uuid: cfdi.uuid, rfcEmisor: 'H&E951128469', motivo: '03', certificateDer: csd.certificate.der, privateKey: csd.privateKey });
  const status = await sat.query({ uuid: cfdi.uuid, rfcEmisor: 'H&E951128469', rfcReceptor: 'MCI7306249Y1', total: cfdi.total, sello: cfdi.sello });
  assert.deepEqual([status.estado, status.estatusCancelacion], ['Cancelado', 'Cancelado sin aceptación']);
});

const FIXTURES = 'protocols/consulta-estado';

test('the recorded ConsultaCFDIService responses parse with the client', { skip: skipWithoutShared }, () => {
  const read = (file: string) => parseConsultaResponse(fs.readFileSync(satPath(FIXTURES, file), 'utf8'));
  const recorded = read('soap-response.xml');
  assert.deepEqual(
    [recorded.found, recorded.estado, recorded.cancellable, recorded.estatusCancelacion, recorded.efosListed],
    [true, 'Vigente', 'with_acceptance', 'Solicitud rechazada', false],
  );
  const expected: Record<string, [boolean, string, string | null, string, boolean]> = {
    'response-cancelado-sin-aceptacion.xml': [true, 'Cancelado', 'without_acceptance', 'Cancelado sin aceptación', false],
    'response-emisor-efos.xml': [true, 'Vigente', 'without_acceptance', '', true],
    'response-no-encontrado.xml': [false, 'No Encontrado', null, '', false],
    'response-vigente-cancelable-sin-aceptacion.xml': [true, 'Vigente', 'without_acceptance', '', false],
    'response-vigente-cancelacion-en-proceso.xml': [true, 'Vigente', 'with_acceptance', 'En proceso', false],
    'response-vigente-no-cancelable.xml': [true, 'Vigente', 'not_cancellable', '', false],
  };
  const files = fs.readdirSync(satPath(FIXTURES, 'synthetic')).filter((file) => file.startsWith('response-'));
  assert.equal(files.length, Object.keys(expected).length);
  for (const file of files) {
    const status = read(path.join('synthetic', file));
    assert.deepEqual([status.found, status.estado, status.cancellable, status.estatusCancelacion, status.efosListed], expected[file], file);
  }
});

test('the recorded requests are answered by the simulator as the SAT would', { skip: skipWithoutShared }, async () => {
  const post = async (file: string) => {
    const response = await fetch(`${simulator.url}/ConsultaCFDIService.svc`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${CONSULTA_ACTION}"` },
      body: fs.readFileSync(satPath(FIXTURES, file)),
    });
    assert.equal(response.status, 200);
    return parseConsultaResponse(await response.text());
  };
  // A real CFDI the simulator never stamped: not found. A query without id/re/rr/tt: invalid expression.
  const real = await post('synthetic/request-cfdi40-real-CSM190311AH6.xml');
  assert.deepEqual([real.found, real.codigoEstatus], [false, 'N - 602: Comprobante no encontrado.']);
  await assert.rejects(post('soap-request-foobar.xml'), (error: unknown) => error instanceof ProviderError && error.code === 'cfdi.invalid_expression');
});
