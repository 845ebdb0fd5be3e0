import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { satPath, skipWithoutShared } from '../../../../test/support/shared.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { createDescargaClient, descargaUrls, ProviderError } from './index.ts';
import type { DescargaClient } from './index.ts';

const BASE = 'http://sat.invalid';
const FIXTURES = 'protocols/descarga-masiva';
const TOKEN = /<AutenticaResult>([^<]+)</;

function fixture(file: string): string {
  return fs.readFileSync(satPath(FIXTURES, file), 'utf8');
}

interface Sent {
  path: string;
  action: string;
  authorization: string | undefined;
  body: string;
}

type Answer = { status?: number; body: string } | Error;

/** A fetch that answers each service path from a queue (the last answer repeats) and records the calls. */
function fakeSat(answers: Record<string, Answer[]>): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input)).pathname;
    const headers = init?.headers as Record<string, string>;
    sent.push({ path, action: headers.SOAPAction ?? '', authorization: headers.Authorization, body: String(init?.body) });
    const queue = answers[path] ?? [];
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (answer === undefined) return new Response('', { status: 404 });
    if (answer instanceof Error) throw answer;
    return new Response(answer.body, { status: answer.status ?? 200, headers: { 'content-type': 'text/xml' } });
  };
  return { fetch: fake as typeof fetch, sent };
}

function client(answers: Record<string, Answer[]>, timeoutMs = 5_000): { client: DescargaClient; sent: Sent[] } {
  const folder = satPath('credentials', 'EKU9003173C9_FIEL_30001000000500003415');
  const fiel = {
    certificate: fs.readFileSync(`${folder}/EKU9003173C9.cer`),
    privateKey: fs.readFileSync(`${folder}/EKU9003173C9.key`),
    password: fs.readFileSync(`${folder}/password.txt`, 'utf8').trim(),
  };
  const sat = fakeSat(answers);
  return { client: createDescargaClient({ urls: descargaUrls(BASE), fiel, clock: new ManualClock(), fetch: sat.fetch, timeoutMs }), sent: sat.sent };
}

const AUTH = '/Autenticacion/Autenticacion.svc';
const QUERY = '/SolicitaDescargaService.svc';
const VERIFY = '/VerificaSolicitudDescargaService.svc';
const DOWNLOAD = '/DescargaMasivaService.svc';

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error;
  }
  assert.fail('expected a ProviderError');
}

describe('the bulk download client reads the recorded SAT answers', { skip: skipWithoutShared }, () => {
  test('token, query (issued, received, folio), verify (2 and 0 packages) and download responses parse', async () => {
    const { client: sat, sent } = client({
      [AUTH]: [{ body: fixture('authenticate/response-with-token.xml') }],
      [QUERY]: [{ body: fixture('query/response-issued.xml') }, { body: fixture('query/response-received.xml') }, { body: fixture('query/response-item.xml') }],
      [VERIFY]: [{ body: fixture('verify/response-2-packages.xml') }, { body: fixture('verify/response-0-packages.xml') }],
      [DOWNLOAD]: [{ body: fixture('download/response-with-package.xml') }],
    });
    const period = { from: '2026-01-01T00:00:00', to: '2026-01-31T23:59:59' };
    const issued = await sat.request({ side: 'issued', type: 'metadata', ...period });
    assert.deepEqual(issued, { requestId: 'd49af78d-1c80-4221-a48d-345ace91626b', status: { code: 5000, message: 'Solicitud Aceptada' } });
    assert.equal((await sat.request({ side: 'received', type: 'cfdi', ...period })).requestId, 'd49af78d-1c80-4221-a48d-345ace91626b');
    assert.equal((await sat.request({ side: 'issued', type: 'cfdi', ...period, uuid: '96623061-61fe-49de-b298-c7156476aa8b' })).status.code, 5000);
    const two = await sat.verify('4e80345d-917f-40bb-a98f-4a73939343c5');
    assert.deepEqual(
      [two.state, two.code, two.count, two.packageIds],
      ['finished', 5000, 12345, ['4e80345d-917f-40bb-a98f-4a73939343c5_01', '4e80345d-917f-40bb-a98f-4a73939343c5_02']],
    );
    const none = await sat.verify('4e80345d-917f-40bb-a98f-4a73939343c5');
    assert.deepEqual([none.state, none.code, none.count, none.packageIds], ['rejected', 5004, 0, []]);
    const zip = await sat.download('4e80345d-917f-40bb-a98f-4a73939343c5_01');
    assert.equal(zip.length, 3004);
    const token = TOKEN.exec(fixture('authenticate/response-with-token.xml'))![1]!;
    assert.equal(sent.filter((call) => call.path === AUTH).length, 1, 'one token serves every call');
    assert.ok(sent.filter((call) => call.path !== AUTH).every((call) => call.authorization === `WRAP access_token="${token}"`));
    assert.deepEqual(
      sent.filter((call) => call.path === QUERY).map((call) => call.action.split('/').pop()),
      ['SolicitaDescargaEmitidos', 'SolicitaDescargaRecibidos', 'SolicitaDescargaFolio'],
    );
    const received = sent.find((call) => call.action.endsWith('SolicitaDescargaRecibidos'))!;
    assert.match(received.body, /EstadoComprobante="Vigente"/, 'received XML is asked for vigentes only');
    assert.match(received.body, /RfcReceptor="EKU9003173C9"/);
  });

  test('SAT refusals, unknown ids, expired packages and transport failures map to the error catalog', async () => {
    const faulted = client({ [AUTH]: [{ status: 500, body: fixture('authenticate/response-with-error.xml') }] }).client;
    const fault = await failure(faulted.authenticate());
    assert.deepEqual([fault.code, fault.providerCode, fault.retryable], ['sat.download_rejected', 'a:InvalidSecurity', false]);
    const token = { body: fixture('authenticate/response-with-token.xml') };
    const result = (code: string) => ({
      body: fixture('query/response-issued.xml')
        .replace('CodEstatus="5000" Mensaje="Solicitud Aceptada"', `CodEstatus="${code}" Mensaje="x"`)
        .replace(/ IdSolicitud="[^"]+"/, ''),
    });
    const period = { side: 'issued', type: 'metadata', from: '2026-01-01T00:00:00', to: '2026-01-31T23:59:59' } as const;
    for (const [code, expected, retryable] of [
      ['5002', 'sat.download_rejected', false],
      ['5005', 'sat.download_rejected', false],
      ['404', 'download.request_failed', true],
    ] as const) {
      const error = await failure(client({ [AUTH]: [token], [QUERY]: [result(code)] }).client.request(period));
      assert.deepEqual([error.code, error.providerCode, error.retryable], [expected, code, retryable]);
    }
    const unknown = { body: fixture('verify/response-0-packages.xml').replace('CodEstatus="5000"', 'CodEstatus="5004"') };
    assert.equal((await failure(client({ [AUTH]: [token], [VERIFY]: [unknown] }).client.verify('x'))).code, 'download.no_request_id');
    const expired = { body: fixture('download/response-with-package-template.xml').replace('CodEstatus="5000"', 'CodEstatus="5007"') };
    const gone = await failure(client({ [AUTH]: [token], [DOWNLOAD]: [expired] }).client.download('x_01'));
    assert.deepEqual([gone.code, gone.providerCode], ['download.package_unavailable', '5007']);
    const offline = await failure(client({ [AUTH]: [new TypeError('fetch failed')] }).client.authenticate());
    assert.deepEqual([offline.code, offline.retryable], ['download.request_failed', true]);
    const busy = await failure(client({ [AUTH]: [{ status: 503, body: '' }] }).client.authenticate());
    assert.deepEqual([busy.code, busy.providerCode], ['download.request_failed', 'HTTP 503']);
  });

  test('a call answered 300 (token refused) authenticates again and is retried once', async () => {
    const token = { body: fixture('authenticate/response-with-token.xml') };
    const refused = {
      body: fixture('query/response-issued.xml').replace('CodEstatus="5000" Mensaje="Solicitud Aceptada"', 'CodEstatus="300" Mensaje="Usuario No Válido"'),
    };
    const { client: sat, sent } = client({ [AUTH]: [token], [QUERY]: [refused, { body: fixture('query/response-issued.xml') }] });
    const accepted = await sat.request({ side: 'issued', type: 'metadata', from: '2026-01-01T00:00:00', to: '2026-01-31T23:59:59' });
    assert.equal(accepted.status.code, 5000);
    assert.deepEqual(
      sent.map((call) => call.path),
      [AUTH, QUERY, AUTH, QUERY],
    );
  });

  test('a SAT that does not answer in time is a retryable download.request_failed', async () => {
    // A socket would keep the event loop alive; AbortSignal.timeout's own timer does not.
    const hanging = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        const socket = setTimeout(() => {}, 10_000);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(socket);
          reject(init.signal!.reason);
        });
      });
    const folder = satPath('credentials', 'EKU9003173C9_FIEL_30001000000500003415');
    const sat = createDescargaClient({
      urls: descargaUrls(BASE),
      clock: new ManualClock(),
      timeoutMs: 50,
      fetch: hanging as typeof fetch,
      fiel: { certificate: fs.readFileSync(`${folder}/EKU9003173C9.cer`), privateKey: fs.readFileSync(`${folder}/EKU9003173C9.key`), password: '12345678a' },
    });
    const error = await failure(sat.authenticate());
    assert.deepEqual([error.code, error.retryable], ['download.request_failed', true]);
    assert.match(error.message, /[Tt]imeout|time/);
  });

  test('every call is told to the recorder by operation and outcome, failures by kind (metrics)', async () => {
    const calls: string[] = [];
    const folder = satPath('credentials', 'EKU9003173C9_FIEL_30001000000500003415');
    const fiel = {
      certificate: fs.readFileSync(`${folder}/EKU9003173C9.cer`),
      privateKey: fs.readFileSync(`${folder}/EKU9003173C9.key`),
      password: '12345678a',
    };
    const recorded = (fetchFunction: typeof fetch, timeoutMs = 5_000) =>
      createDescargaClient({
        urls: descargaUrls(BASE),
        fiel,
        clock: new ManualClock(),
        fetch: fetchFunction,
        timeoutMs,
        recordCall: (service, operation, outcome, seconds) => {
          assert.ok(Number.isFinite(seconds) && seconds >= 0);
          calls.push(`${service} ${operation} ${outcome}`);
        },
      });
    const token = { body: fixture('authenticate/response-with-token.xml') };
    const period = { side: 'issued', type: 'metadata', from: '2026-01-01T00:00:00', to: '2026-01-31T23:59:59' } as const;
    await recorded(fakeSat({ [AUTH]: [token], [QUERY]: [{ body: fixture('query/response-issued.xml') }] }).fetch).request(period);
    await failure(recorded(fakeSat({ [AUTH]: [new TypeError('fetch failed')] }).fetch).authenticate());
    await failure(recorded(fakeSat({ [AUTH]: [{ status: 503, body: '' }] }).fetch).authenticate());
    // As a socket would, a timer keeps the event loop alive until the deadline aborts the call.
    const hanging = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        const socket = setTimeout(() => {}, 10_000);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(socket);
          reject(init.signal!.reason);
        });
      });
    await failure(recorded(hanging as typeof fetch, 50).authenticate());
    assert.deepEqual(calls, [
      'sat_descarga authenticate ok',
      'sat_descarga request ok',
      'sat_descarga authenticate network',
      'sat_descarga authenticate http',
      'sat_descarga authenticate timeout',
    ]);
  });

  test('a FIEL that cannot be opened is fiscal_profile.invalid_fiel', () => {
    const folder = satPath('credentials', 'EKU9003173C9_FIEL_30001000000500003415');
    const open = () =>
      createDescargaClient({
        urls: descargaUrls(BASE),
        fiel: { certificate: fs.readFileSync(`${folder}/EKU9003173C9.cer`), privateKey: fs.readFileSync(`${folder}/EKU9003173C9.key`), password: 'wrong' },
      });
    assert.throws(open, (error: unknown) => error instanceof ProviderError && error.code === 'fiscal_profile.invalid_fiel');
  });
});
