import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseXml } from '../cfdi/xml/parse.ts';
import { ManualClock } from '../platform/clock.ts';
import { startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';

let simulator: RunningSimulator;

before(async () => {
  simulator = await startSimulator({ clock: new ManualClock() });
});

after(() => simulator.close());

const ENDPOINTS = [
  '/servicios/soap/stamp',
  '/servicios/soap/stamp.wsdl',
  '/servicios/soap/cancel',
  '/servicios/soap/utilities',
  '/servicios/soap/firmar',
  '/ConsultaCFDIService.svc',
];
const CONSULTA_ACTION = '"http://tempuri.org/IConsultaCFDIService/Consulta"';

const BAD_BODIES: [string, string][] = [
  ['empty', ''],
  ['not XML', 'hola'],
  ['truncated', '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>'],
  ['a DOCTYPE with entities', '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><x>&a;</x>'],
  ['not an envelope', '<stamp><xml>abc</xml></stamp>'],
  ['SOAP 1.2', '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><stamp/></e:Body></e:Envelope>'],
  ['an empty Body', '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body/></s:Envelope>'],
  // 977 KB: 40,000 namespace declarations on the envelope, the attack that once held the process for 10 s.
  [
    '40,000 namespace declarations on one element',
    `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"${Array.from({ length: 40_000 }, (_, index) => ` xmlns:n${index}="urn:n${index}"`).join('')}><s:Body/></s:Envelope>`,
  ],
  ['300,000 empty elements', `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><x>${'<a/>'.repeat(300_000)}</x></s:Body></s:Envelope>`],
  [
    'an unknown operation',
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><t:borrar_todo xmlns:t="http://tempuri.org/"/></s:Body></s:Envelope>',
  ],
];

async function post(path: string, body: string, contentType = 'text/xml; charset=utf-8'): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': contentType, soapaction: CONSULTA_ACTION }, body });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

function faultOf(text: string): { code: string; message: string } {
  const root = parseXml(text);
  const json = JSON.stringify(root);
  assert.match(json, /"local":"Fault"/);
  const code = /faultcode[^}]*?"text":"([^"]+)"/.exec(json)?.[1] ?? '';
  return { code, message: json };
}

test('malformed requests to every endpoint are answered with a SOAP fault (HTTP 500), never a crash', async () => {
  for (const path of ENDPOINTS) {
    for (const [what, body] of BAD_BODIES) {
      const response = await post(path, body);
      assert.equal(response.status, 500, `${path} with ${what}`);
      assert.match(response.type, /^text\/xml/, `${path} with ${what}`);
      const fault = faultOf(response.text);
      assert.match(fault.code, /Client|DeserializationFailed|ActionNotSupported/, `${path} with ${what}: ${fault.code}`);
    }
  }
  const health = await fetch(`${simulator.url}/health`);
  assert.equal(health.status, 200);
});

test('a large envelope is read on the worker pool, off the event loop the service shares', async () => {
  const [, bomb] = BAD_BODIES.find(([what]) => what.startsWith('40,000'))!;
  for (const path of ['/servicios/soap/stamp', '/servicios/soap/cancel', '/ConsultaCFDIService.svc']) {
    const before = simulator.deps.workers.completed;
    const response = await post(path, bomb);
    assert.equal(response.status, 500, path);
    faultOf(response.text);
    assert.equal(simulator.deps.workers.completed, before + 1, path);
  }
});

test('a body that is not XML media and an oversized body are faults too', async () => {
  const json = await post('/servicios/soap/stamp', '{"xml":"abc"}', 'application/json');
  assert.equal(json.status, 500);
  faultOf(json.text);
  const huge = await post('/servicios/soap/stamp', `<x>${'a'.repeat(21 * 1024 * 1024)}</x>`);
  assert.equal(huge.status, 413);
  faultOf(huge.text);
});

test('ConsultaCFDIService refuses another SOAPAction as WCF does (ActionNotSupported)', async () => {
  const body =
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><c:Consulta xmlns:c="http://tempuri.org/"><c:expresionImpresa>?id=x</c:expresionImpresa></c:Consulta></s:Body></s:Envelope>';
  const response = await fetch(`${simulator.url}/ConsultaCFDIService.svc`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml', soapaction: '"http://tempuri.org/Otra"' },
    body,
  });
  assert.equal(response.status, 500);
  assert.equal(faultOf(await response.text()).code, 'a:ActionNotSupported');
});

test('every service publishes a WSDL naming its operations and its address', async () => {
  const expectations: [string, string[]][] = [
    ['/servicios/soap/stamp.wsdl', ['stamp', 'quick_stamp', 'stamped', 'query_pending']],
    ['/servicios/soap/cancel?wsdl', ['cancel', 'get_sat_status', 'get_receipt', 'get_pending', 'accept_reject']],
    ['/servicios/soap/utilities.wsdl', ['datetime', 'get_xml']],
    ['/servicios/soap/firmar.wsdl', ['get_contracts_snid', 'sign_contract']],
    ['/ConsultaCFDIService.svc?wsdl', ['Consulta']],
  ];
  for (const [path, operations] of expectations) {
    const response = await fetch(`${simulator.url}${path}`);
    assert.equal(response.status, 200, path);
    const text = await response.text();
    parseXml(text);
    for (const operation of operations) assert.match(text, new RegExp(`<wsdl:operation name="${operation}">`), `${path} ${operation}`);
    assert.match(text, new RegExp(`location="${simulator.url}`), path);
  }
});
