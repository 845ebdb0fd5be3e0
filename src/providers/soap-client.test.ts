import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SoapCallError, SoapTransport, SOAP11_NAMESPACE, childText } from './soap-client.ts';

/** Answers by path: each path is one way a service can answer. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/ok': { status: 200, body: `<s:Envelope xmlns:s="${SOAP11_NAMESPACE}"><s:Body><r><v> 42 </v></r></s:Body></s:Envelope>` },
  '/fault': {
    status: 500,
    body: `<s:Envelope xmlns:s="${SOAP11_NAMESPACE}"><s:Body><s:Fault><faultcode>s:Server</faultcode><faultstring>down</faultstring></s:Fault></s:Body></s:Envelope>`,
  },
  '/html': { status: 200, body: '<html><body>proxy page</body></html>' },
  '/text': { status: 502, body: 'Bad gateway' },
};

let server: http.Server;
let base: string;
const received: { action: string | undefined; body: string }[] = [];
/** The default node:http(s) transport, and the same contract through an injected fetch. */
const transports = { 'node:http': new SoapTransport(), fetch: new SoapTransport({ fetch: (input, init) => fetch(input, init) }) };

before(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ action: request.headers.soapaction as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
      if (request.url === '/silent') return; // never answers
      const answer = ANSWERS[request.url ?? ''] ?? { status: 404, body: '' };
      response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const transport of Object.values(transports)) transport.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(transport: SoapTransport, url: string, timeoutMs = 5_000): Promise<SoapCallError> {
  try {
    await transport.call({ url, action: 'op', body: '<op/>', timeoutMs });
  } catch (error) {
    assert.ok(error instanceof SoapCallError);
    return error;
  }
  assert.fail('the call succeeded');
}

test('the node:http transport reuses its keep-alive connections', async () => {
  const transport = transports['node:http'];
  const sockets = new Set<unknown>();
  const count = (socket: unknown) => sockets.add(socket);
  server.on('connection', count);
  await Promise.all([1, 2, 3].map(() => transport.call({ url: `${base}/ok`, action: 'stamp', body: '<x/>', timeoutMs: 5_000 })));
  await transport.call({ url: `${base}/ok`, action: 'stamp', body: '<x/>', timeoutMs: 5_000 });
  server.off('connection', count);
  assert.ok(sockets.size <= 3, `at most one connection per concurrent call, got ${sockets.size}`);
});

for (const [name, transport] of Object.entries(transports)) {
  test(`${name}: posts the envelope with its SOAPAction and returns the Body of the answer`, async () => {
    const body = await transport.call({ url: `${base}/ok`, action: 'stamp', body: '<tns:stamp xmlns:tns="urn:x">ñ &amp;</tns:stamp>', timeoutMs: 5_000 });
    assert.equal(body.local, 'Body');
    assert.equal(childText(body, 'v'), '42');
    const last = received.at(-1)!;
    assert.equal(last.action, '"stamp"');
    assert.match(last.body, /<soapenv:Body><tns:stamp xmlns:tns="urn:x">ñ &amp;<\/tns:stamp><\/soapenv:Body>/);
  });

  test(`${name}: a SOAP fault, a page that is not SOAP and an HTTP error each fail with their kind`, async () => {
    const fault = await failure(transport, `${base}/fault`);
    assert.deepEqual([fault.kind, fault.faultCode, fault.httpStatus, fault.failure, fault.providerCode], ['fault', 's:Server', 500, 'refused', 's:Server']);
    const html = await failure(transport, `${base}/html`);
    assert.deepEqual([html.kind, html.failure], ['invalid_response', 'malformed']);
    const gateway = await failure(transport, `${base}/text`);
    assert.deepEqual([gateway.kind, gateway.httpStatus, gateway.failure, gateway.providerCode], ['http', 502, 'refused', 'HTTP 502']);
  });

  test(`${name}: no answer within the deadline is a timeout; a closed port is a network failure`, async () => {
    assert.equal((await failure(transport, `${base}/silent`, 200)).kind, 'timeout');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    assert.equal((await failure(transport, `http://127.0.0.1:${port}/ok`)).kind, 'network');
    assert.equal((await failure(transport, 'ftp://127.0.0.1/ok')).kind, 'network');
  });
}

test('every call is told to the recorder with its operation, outcome and duration (metrics)', async () => {
  const calls: Array<[string, string, number]> = [];
  const transport = new SoapTransport({ recordCall: (operation, outcome, seconds) => calls.push([operation, outcome, seconds]) });
  try {
    await transport.call({ url: `${base}/ok`, action: 'http://example.test/IService/Stamp', operation: 'stamp', body: '<op/>', timeoutMs: 5_000 });
    await assert.rejects(transport.call({ url: `${base}/fault`, action: 'cancel', body: '<op/>', timeoutMs: 5_000 }), SoapCallError);
    await assert.rejects(transport.call({ url: `${base}/silent`, action: 'cancel', body: '<op/>', timeoutMs: 200 }), SoapCallError);
  } finally {
    transport.close();
  }
  assert.deepEqual(
    calls.map(([operation, outcome]) => [operation, outcome]),
    [
      ['stamp', 'ok'],
      ['cancel', 'fault'],
      ['cancel', 'timeout'],
    ],
  );
  assert.ok(calls.every(([, , seconds]) => Number.isFinite(seconds) && seconds >= 0));
});
