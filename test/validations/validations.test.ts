import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createStamped, invoiceRequest, openInvoicesFixture, type InvoicesTestApp, type Keys } from '../invoices/support.ts';
import { ADDENDAS, withAddenda } from '../support/addendas.ts';
import { cfdi40Samples, readSample, samplePath } from '../support/sat-samples.ts';
import { skipWithoutShared } from '../support/shared.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { runCommand } from '../../src/main.ts';
import { fechaAt, sealedXml } from '../../src/simulator/testing.test-support.ts';
import type { ValidationDeps } from '../../src/modules/validations/create-validation.ts';
import type { CfdiStatus } from '../../src/providers/sat/cfdi-status.ts';
import { ProviderError } from '../../src/platform/providers/errors.ts';
import { certificateRepository } from '../../src/providers/sat/certificate-repository.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;
/** The SAT the validations ask while a test sets it (the simulator otherwise): the app is built with this fake. */
const sat: Partial<Pick<ValidationDeps, 'satStatusFor' | 'satCertificatesFor'>> = {};

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture({
    deps: {
      validations: (made) => ({
        ...made,
        satStatusFor: (mode) => (sat.satStatusFor ?? made.satStatusFor)(mode),
        satCertificatesFor: (mode) => (sat.satCertificatesFor ?? made.satCertificatesFor)(mode),
      }),
    },
  }));
});
after(() => t.close());

type Issue = { code: string; path: string; message: string; remediation: string };
type Check = { id: string; status: string; message: string; remediation: string | null; codes: string[] };
type ValidationJson = {
  id: string;
  object: string;
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
  checks: Check[];
  summary: Record<string, any>;
  livemode: boolean;
  created_at: string;
};

const validateXml = (xml: string | Buffer, key = keys.testKey, type = 'application/xml') =>
  t.request({
    method: 'POST',
    url: '/v1/validations',
    key,
    payload: typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml,
    headers: { 'content-type': type },
  });
const validateJson = (xml: string | Buffer, key = keys.testKey) =>
  t.request({ method: 'POST', url: '/v1/validations', key, payload: { xml_base64: Buffer.from(xml).toString('base64') } });

async function validation(xml: string | Buffer): Promise<ValidationJson> {
  const response = await validateXml(xml);
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

const codes = (issues: Issue[]) => issues.map((issue) => issue.code);
const outcomes = (result: ValidationJson) => Object.fromEntries(result.checks.map((check) => [check.id, check.status]));

async function stampedXml(overrides: Record<string, unknown> = {}): Promise<{ id: string; uuid: string; xml: string }> {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId, overrides));
  const xml = (await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey })).body;
  return { id: invoice.id, uuid: invoice.uuid, xml };
}

describe('a CFDI the service stamped', () => {
  let stamped: { id: string; uuid: string; xml: string };
  before(async () => {
    stamped = await stampedXml();
  });

  test('validates with every check passing and the SAT saying Vigente', async () => {
    const result = await validation(stamped.xml);
    assert.deepEqual([result.valid, result.errors], [true, []], JSON.stringify(result.errors));
    assert.equal(result.object, 'validation');
    assert.match(result.id, /^val_/);
    assert.equal(result.livemode, false);
    assert.deepEqual(result.summary, {
      uuid: stamped.uuid.toUpperCase(),
      version: '4.0',
      tipo_de_comprobante: 'I',
      emisor: 'EKU9003173C9',
      receptor: 'URE180429TM6',
      moneda: 'MXN',
      sub_total: '1000.00',
      total: '1160.00',
      stamped: true,
      sat: { estado: 'Vigente', es_cancelable: result.summary.sat.es_cancelable, cancel_status: result.summary.sat.cancel_status },
    });
    assert.match(result.summary.sat.es_cancelable, /^Cancelable/);
    assert.ok(!codes(result.warnings).some((code) => /tfd|seal|sello/.test(code)), JSON.stringify(result.warnings));
    assert.deepEqual(
      result.checks.map((check) => [check.id, check.status]),
      ['document', 'structure', 'arithmetic', 'catalogs', 'seal', 'timbre', 'sat_status'].map((id) => [id, 'passed']),
    );
  });

  test('JSON and raw XML (application/xml and text/xml) give the same result, and it is stored', async () => {
    const asJson = (await validateJson(stamped.xml)).json();
    const asXml = (await validateXml(stamped.xml)).json();
    const asText = (await validateXml(stamped.xml, keys.testKey, 'text/xml; charset=utf-8')).json();
    const strip = ({ id: _id, created_at: _at, ...rest }: ValidationJson) => rest;
    assert.deepEqual(strip(asJson), strip(asXml));
    assert.deepEqual(strip(asText), strip(asXml));
    const fetched = await t.request({ method: 'GET', url: `/v1/validations/${asJson.id}`, key: keys.testKey });
    assert.equal(fetched.statusCode, 200);
    assert.deepEqual(fetched.json(), asJson);
  });

  test('each mutation is invalid with its own code at its own path', async () => {
    const cases: { name: string; mutate: (xml: string) => string; code: string; path?: RegExp }[] = [
      { name: 'changed Total', mutate: (xml) => xml.replace('Total="1160.00"', 'Total="1170.00"'), code: 'cfdi.total_mismatch', path: /@Total$/ },
      { name: 'changed Importe', mutate: (xml) => xml.replace(/(<cfdi:Concepto [^>]*)Importe="1000.00"/, '$1Importe="1100.00"'), code: 'cfdi.sello_mismatch' },
      {
        name: 'removed TFD attribute',
        mutate: (xml) => xml.replace(/ NoCertificadoSAT="[0-9]+"/, ''),
        code: 'cfdi.malformed_xml',
        path: /TimbreFiscalDigital/,
      },
      {
        name: 'Importe not an amount',
        mutate: (xml) => xml.replace(/(<cfdi:Concepto [^>]*)Importe="1000.00"/, '$1Importe="1,000.00"'),
        code: 'cfdi.malformed_xml',
        path: /cfdi:Concepto\/@Importe$/,
      },
    ];
    for (const { name, mutate, code, path } of cases) {
      const mutated = mutate(stamped.xml);
      assert.notEqual(mutated, stamped.xml, name);
      const result = await validation(mutated);
      assert.equal(result.valid, false, name);
      const found = result.errors.find((error) => error.code === code);
      assert.ok(found, `${name}: ${JSON.stringify(result.errors)}`);
      if (path) assert.match(found.path, path, name);
      assert.ok(found.remediation.length > 0);
    }
    // An Importe outside the SAT's limits of Cantidad × ValorUnitario is an arithmetic error that
    // names the declared value and the product (1100.00 is within the limits of 1 × 1000.00: a
    // Cantidad without decimals may be off by half a unit).
    const importe = await validation(stamped.xml.replace(/(<cfdi:Concepto [^>]*)Importe="1000.00"/, '$1Importe="2000.00"'));
    const arithmetic = importe.errors.find((error) => error.code === 'cfdi.importe_out_of_limits');
    assert.ok(arithmetic, JSON.stringify(importe.errors));
    assert.match(arithmetic.path, /cfdi:Concepto(\[1\])?\/@Importe$/);
    assert.match(arithmetic.message, /2000\.00/);
    assert.match(arithmetic.message, /ValorUnitario 1000\.00/);
    assert.ok(codes(importe.errors).includes('cfdi.subtotal_mismatch'));
  });

  test('a CFDI that fails early still shows what could be read: UUID, parties, amounts', async () => {
    // Without NoCertificadoSAT the Comprobante cannot be read at all; its facts still can.
    const result = await validation(stamped.xml.replace(/ NoCertificadoSAT="[0-9]+"/, ''));
    assert.equal(result.valid, false);
    assert.deepEqual(codes(result.errors), ['cfdi.malformed_xml']);
    assert.deepEqual(
      { ...result.summary },
      {
        uuid: stamped.uuid.toUpperCase(),
        version: '4.0',
        tipo_de_comprobante: 'I',
        emisor: 'EKU9003173C9',
        receptor: 'URE180429TM6',
        moneda: 'MXN',
        sub_total: '1000.00',
        total: '1160.00',
        stamped: true,
        sat: null,
      },
    );
    assert.deepEqual(outcomes(result), {
      document: 'passed',
      structure: 'failed',
      arithmetic: 'not_run',
      catalogs: 'not_run',
      seal: 'not_run',
      timbre: 'not_run',
      sat_status: 'not_run',
    });
    const listed = await t.request({ method: 'GET', url: `/v1/validations?uuid=${stamped.uuid}&valid=false`, key: keys.testKey });
    assert.ok(
      listed.json().data.some((item: ValidationJson) => item.id === result.id),
      'found by its UUID',
    );
  });

  test('a Total that no status query can carry is cfdi.invalid_expression, a finding, never indeterminate', async () => {
    const result = await validation(stamped.xml.replace('Total="1160.00"', 'Total="1,160.00"'));
    const error = result.errors.find((item) => item.code === 'cfdi.invalid_expression');
    assert.ok(error, JSON.stringify(result.errors));
    assert.ok(!codes(result.errors).includes('cfdi.status_indeterminate'));
    assert.equal(outcomes(result).sat_status, 'failed');
    assert.equal(result.summary.sat, null);
  });

  test('a complemento the service holds no schema for is a warning; the seals still decide', async () => {
    const unknown = stamped.xml.replace('<cfdi:Complemento>', '<cfdi:Complemento><x:Algo xmlns:x="urn:example:algo" Dato="1"/>');
    assert.notEqual(unknown, stamped.xml);
    const result = await validation(unknown);
    assert.deepEqual([result.valid, result.errors], [true, []], JSON.stringify(result.errors));
    const warning = result.warnings.find((item) => item.code === 'cfdi.complement_schema_unavailable');
    assert.ok(warning, JSON.stringify(result.warnings));
    assert.match(warning.message, /urn:example:algo/);
  });

  test('an Addenda, of any shape, added after stamping changes nothing: still valid', async () => {
    const strip = ({ id: _id, created_at: _at, ...rest }: ValidationJson) => rest;
    const plain = strip(await validation(stamped.xml));
    assert.equal(plain.valid, true);
    for (const [shape, addenda] of Object.entries(ADDENDAS)) {
      const result = await validation(withAddenda(stamped.xml, addenda));
      assert.deepEqual(strip(result), plain, `${shape}: ${JSON.stringify(result.errors)}`);
    }
  });

  test('a CFDI sealed with an Addenda and stamped by the service validates', async () => {
    const simulator = t.app.providers.simulator!;
    const csd = (await simulator.ca.issue({ rfc: 'H&E951128469', kind: 'csd', name: 'HERRERIA & ELECTRICOS' })).credential;
    const addenda = parseCfdi(
      withAddenda(
        stamped.xml,
        Object.values(ADDENDAS)
          .join('')
          .replace(/<\/cfdi:Addenda><cfdi:Addenda>/g, ''),
      ),
    ).comprobante.Addenda;
    assert.equal(addenda?.length, 5);
    const sealed = sealedXml(csd, { fecha: fechaAt(t.clock), folio: 'ADD-1', beforeSeal: (model) => ({ ...model, Addenda: addenda! }) });
    const result = await t.app.providers.pacFor('test').stamp(sealed);
    assert.match(result.xml, /<cfdi:Addenda>/);
    const checked = await validation(result.xml);
    assert.deepEqual([checked.valid, checked.errors], [true, []], JSON.stringify(checked.errors));
    assert.equal(checked.summary.sat.estado, 'Vigente');
  });

  test("a UUID the simulator never stamped, under the simulator's own timbre, is not found there, in the simulator's name", async () => {
    const result = await validation(stamped.xml.replace(stamped.uuid, '11111111-2222-4333-8444-555555555555'));
    assert.ok(codes(result.errors).includes('cfdi.tfd_sello_sat_mismatch'), JSON.stringify(result.errors));
    const notFound = result.errors.find((error) => error.code === 'cfdi.not_found');
    assert.ok(notFound, JSON.stringify(result.errors));
    assert.match(notFound.message, /^The simulator does not know 11111111-2222-4333-8444-555555555555 issued by EKU9003173C9/);
    assert.deepEqual([outcomes(result).timbre, outcomes(result).sat_status], ['failed', 'failed']);
  });

  test('a timbre taken from another CFDI is caught', async () => {
    const other = await stampedXml({
      items: [
        { product_key: '81112100', unit_key: 'E48', description: 'Otro', quantity: '1', unit_price: '2000.00', taxes: [{ type: 'IVA', rate: '0.160000' }] },
      ],
    });
    const timbreOf = (xml: string) => /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(xml)![0];
    const swapped = stamped.xml.replace(timbreOf(stamped.xml), timbreOf(other.xml));
    const result = await validation(swapped);
    assert.equal(result.valid, false);
    assert.ok(codes(result.errors).includes('cfdi.tfd_sello_cfd_mismatch'), JSON.stringify(result.errors));
  });

  test('after cancellation the SAT says Cancelado and the CFDI is no longer valid', async () => {
    const fresh = await stampedXml();
    const cancelled = await t.request({ method: 'POST', url: `/v1/invoices/${fresh.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
    assert.equal(cancelled.json().status, 'cancelled', cancelled.body);
    const result = await validation(fresh.xml);
    assert.equal(result.summary.sat.estado, 'Cancelado');
    assert.deepEqual(codes(result.errors), ['cfdi.cancelled']);
    assert.equal(result.valid, false);
  });
});

describe('the SAT samples', { skip: skipWithoutShared }, () => {
  test('a genuine supplier CFDI in test mode is not verifiable here, not invalid: the simulator is named, and what would verify it', async () => {
    for (const file of ['real/I_ISD950921HE5_2025-01-24_real.xml', 'real/I_CSM190311AH6_2022-01-12_real.xml']) {
      const result = await validation(readSample(file));
      // Test mode asks the simulator, which never stamped these real CFDIs and publishes only its
      // own certificates: neither the timbre nor the status can be checked here.
      assert.deepEqual(codes(result.errors), ['cfdi.tfd_not_verifiable_here', 'cfdi.status_not_verifiable_here'], file);
      for (const error of result.errors) {
        assert.match(error.message, /simulator/, file);
        assert.doesNotMatch(error.message, /The SAT does not|no SAT\/PAC certificate .* is published/i, file);
      }
      assert.equal(result.valid, false, 'valid needs every check to pass');
      assert.deepEqual(outcomes(result), {
        document: 'passed',
        structure: 'passed',
        arithmetic: 'passed',
        catalogs: 'passed',
        seal: 'passed',
        timbre: 'not_run',
        sat_status: 'not_run',
      });
      for (const check of result.checks.filter((item) => item.status === 'not_run')) {
        assert.match(check.message, /simulator/);
        assert.match(check.remediation ?? '', /live key on a server that reaches the SAT/);
      }
      assert.equal(result.summary.sat, null, 'no status is known here');
      assert.ok(result.summary.uuid && result.summary.emisor && result.summary.total, file);
    }
    // A live key on a server with no live PAC or SAT configured asks the simulator too, and says so.
    const live = await validateXml(readSample('real/I_ISD950921HE5_2025-01-24_real.xml'), keys.liveKey);
    assert.deepEqual(codes(live.json().errors), ['cfdi.tfd_not_verifiable_here', 'cfdi.status_not_verifiable_here']);
    for (const error of live.json().errors) assert.match(error.message, /simulator/);
  });

  test('FIEL seals and every negative sample are invalid', async () => {
    const expected: Record<string, string> = {
      'sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml': 'cfdi.not_a_csd',
      'sealed-no-tfd/P_pagos20_XIQB891116QE4_sealed-with-FIEL.xml': 'cfdi.not_a_csd',
      'negative/I_H_E951128469_sealed-with-FIEL_self-signed-tfd.xml': 'cfdi.not_a_csd',
      'negative/I_H_E951128469_tampered_seal-fails.xml': 'cfdi.sello_mismatch',
      'negative/I_JES900109Q90_2022_tfd-sellocfd-mismatch.xml': 'cfdi.tfd_sello_cfd_mismatch',
      'negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml': 'cfdi.not_a_csd',
      'negative/N_nomina12_sat-example_unsealed.xml': 'cfdi.sello_missing',
      'negative/P_pagos20_unsealed_no-certificado.xml': 'cfdi.certificado_missing',
      // Its certificate is a real PAC's: not at the simulator, so not verifiable here (its other defects fail it).
      'negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml': 'cfdi.tfd_not_verifiable_here',
    };
    for (const sample of cfdi40Samples.filter((item) => item.file.startsWith('negative/') || item.certificateKind === 'fiel')) {
      const result = await validation(readSample(sample.file));
      assert.equal(result.valid, false, sample.file);
      const code = expected[sample.file];
      assert.ok(code, `no expectation for ${sample.file}: ${JSON.stringify(codes(result.errors))}`);
      assert.ok(codes(result.errors).includes(code), `${sample.file}: ${JSON.stringify(result.errors)}`);
    }
  });

  test('complementos are checked against their own XSD (Nómina 1.2)', async () => {
    const file = 'sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml';
    const clean = await validation(readSample(file));
    assert.ok(!codes(clean.errors).includes('cfdi.malformed_xml'), JSON.stringify(clean.errors));
    assert.ok(!codes(clean.warnings).includes('cfdi.complement_schema_unavailable'));
    const broken = await validation(
      readSample(file)
        .toString('utf8')
        .replace(/(<nomina12:Nomina [^>]*)NumDiasPagados="([^"]*)"/, '$1NumDiasPagados="muchos"'),
    );
    const error = broken.errors.find((item) => item.code === 'cfdi.malformed_xml');
    assert.ok(error, JSON.stringify(broken.errors));
    assert.match(error.path, /nomina12:Nomina\/@NumDiasPagados$/);
  });

  test('a CFDI 3.3 is stored as not a CFDI 4.0, saying what it is', async () => {
    const result = await validation(readSample('../cfdi33/I_POT9207213D6_2018-01-12_real.xml'));
    assert.deepEqual(codes(result.errors), ['cfdi.not_comprobante']);
    assert.match(result.errors[0]!.message, /CFDI 3\.3/);
    assert.equal(result.summary.stamped, false);
    assert.equal(result.summary.sat, null);
  });
});

describe('what is a problem and what is a validation', () => {
  test('bytes that are no XML document are a 422 cfdi.parse_error and nothing is stored', async () => {
    const before = await count();
    for (const body of ['not xml at all', '<cfdi:Comprobante', '\u00ff\u00fe<', '<a></b>']) {
      const response = await validateXml(Buffer.from(body, body.startsWith('\u00ff') ? 'latin1' : 'utf8'));
      assert.equal(response.statusCode, 422, `${body}: ${response.body}`);
      assert.equal(response.json().code, 'cfdi.parse_error', body);
    }
    const empty = await validateXml(Buffer.alloc(0));
    assert.equal(empty.statusCode, 422, empty.body);
    const emptyJson = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: { xml_base64: '' } });
    assert.equal(emptyJson.json().code, 'request.validation_failed');
    const notBase64 = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: { xml_base64: 'PD94b@@' } });
    assert.deepEqual([notBase64.statusCode, notBase64.json().errors[0].path], [422, 'xml_base64']);
    const extra = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: { xml_base64: 'PGEvPg==', strict: true } });
    assert.equal(extra.json().code, 'request.validation_failed');
    const plain = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: '<a/>', headers: { 'content-type': 'text/plain' } });
    assert.equal(plain.json().code, 'request.unsupported_media_type');
    assert.equal(await count(), before);
  });

  test('a body over 4 MiB is a 413', async () => {
    const huge = Buffer.alloc(4 * 1024 * 1024 + 10, 0x20);
    const response = await validateXml(huge);
    assert.equal(response.statusCode, 413, response.body.slice(0, 200));
    assert.equal(response.json().code, 'request.body_too_large');
    const viaJson = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: { xml_base64: huge.toString('base64') } });
    assert.equal(viaJson.json().code, 'request.body_too_large');
  });

  test('XML that is not a CFDI, or that the service will not read, is an invalid validation', async () => {
    const cases: [string, string][] = [
      ['<root/>', 'cfdi.not_comprobante'],
      ['<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', 'cfdi.doctype_forbidden'],
      [`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`, 'cfdi.xml_too_deep'],
      ['<retenciones:Retenciones xmlns:retenciones="http://www.sat.gob.mx/esquemas/retencionpago/2" Version="2.0"/>', 'cfdi.not_comprobante'],
    ];
    for (const [xml, code] of cases) {
      const result = await validation(xml);
      assert.deepEqual([result.valid, codes(result.errors)], [false, [code]], xml.slice(0, 60));
      assert.equal(result.summary.uuid, null);
    }
  });
});

async function count(): Promise<number> {
  const rows = await sql<{ n: string }>`SELECT count(*)::text AS n FROM validations`.execute(t.app.services.db);
  return Number(rows.rows[0]!.n);
}

describe('the stored validations', () => {
  test('list newest first with filters; another mode or organization sees none of them', async () => {
    const { uuid, xml } = await stampedXml();
    const good = await validation(xml);
    const bad = await validation(xml.replace('Total="1160.00"', 'Total="1.00"'));
    const list = async (query: string, key = keys.testKey) => (await t.request({ method: 'GET', url: `/v1/validations${query}`, key })).json();
    const byUuid = await list(`?uuid=${uuid.toLowerCase()}`);
    assert.deepEqual(
      byUuid.data.map((item: ValidationJson) => item.id),
      [bad.id, good.id],
    );
    assert.deepEqual(
      (await list(`?uuid=${uuid}&valid=false`)).data.map((item: ValidationJson) => item.id),
      [bad.id],
    );
    assert.deepEqual(
      (await list(`?uuid=${uuid}&valid=true&emisor=EKU9003173C9&receptor=URE180429TM6`)).data.map((item: ValidationJson) => item.id),
      [good.id],
    );
    assert.equal((await list(`?uuid=${uuid}&emisor=AAA010101AAA`)).data.length, 0);
    const paged = await list(`?uuid=${uuid}&limit=1`);
    assert.deepEqual([paged.data.length, paged.has_more, paged.url], [1, true, '/v1/validations']);
    assert.equal((await list(`?uuid=${uuid}&created[gte]=2999-01-01`)).data.length, 0);
    assert.equal((await list('?valid=maybe')).code, 'request.validation_failed');

    const live = await t.request({ method: 'GET', url: `/v1/validations/${good.id}`, key: keys.liveKey });
    assert.equal(live.statusCode, 404);
    assert.equal((await list(`?uuid=${uuid}`, keys.liveKey)).data.length, 0);
    const other = await t.bootstrap('Other');
    assert.equal((await t.request({ method: 'GET', url: `/v1/validations/${good.id}`, key: other.testKey })).statusCode, 404);
    assert.equal((await t.request({ method: 'GET', url: '/v1/validations/val_nope', key: keys.testKey })).statusCode, 404);
  });

  test('each validation emits validation.completed and a validation usage record', async () => {
    const result = await validation('<root/>');
    const events = await sql<{ type: string; object: string }>`SELECT type, object FROM events WHERE object::jsonb ->> 'id' = ${result.id}`.execute(
      t.app.services.db,
    );
    assert.deepEqual(
      events.rows.map((row) => row.type),
      ['validation.completed'],
    );
    assert.deepEqual(JSON.parse(events.rows[0]!.object), result);
    const usage = (await t.request({ method: 'GET', url: '/v1/usage?kind=validation&limit=100', key: keys.testKey })).json();
    assert.ok(usage.data.some((record: { resource_id: string; kind: string }) => record.resource_id === result.id && record.kind === 'validation'));
  });

  test('a validation stored before checks were recorded gets them from its stored issues', async () => {
    const { xml } = await stampedXml();
    const invalid = await validation(xml.replace('Total="1160.00"', 'Total="1.00"'));
    const early = await validation(xml.replace(/ NoCertificadoSAT="[0-9]+"/, ''));
    const valid = await validation(xml);
    await sql`UPDATE validations SET checks = NULL WHERE id IN (${invalid.id}, ${early.id}, ${valid.id})`.execute(t.app.services.db);
    for (const stored of [invalid, valid]) {
      const fetched = (await t.request({ method: 'GET', url: `/v1/validations/${stored.id}`, key: keys.testKey })).json();
      assert.deepEqual(fetched.checks, stored.checks);
    }
    // One stored before summaries were read past a failure has an empty summary: its later checks did not run.
    await sql`UPDATE validations SET summary = jsonb_set(summary, '{version}', 'null') WHERE id = ${early.id}`.execute(t.app.services.db);
    const fetched = (await t.request({ method: 'GET', url: `/v1/validations/${early.id}`, key: keys.testKey })).json();
    assert.deepEqual(fetched.checks, early.checks);
  });

  test('an Idempotency-Key replays the same validation', async () => {
    const headers = { 'content-type': 'application/xml', 'idempotency-key': 'val-replay-1' };
    const first = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: Buffer.from('<root/>'), headers });
    const second = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: Buffer.from('<root/>'), headers });
    assert.equal(second.json().id, first.json().id);
    const changed = await t.request({ method: 'POST', url: '/v1/validations', key: keys.testKey, payload: Buffer.from('<other/>'), headers });
    assert.equal(changed.json().code, 'idempotency.key_reuse');
  });
});

/** Runs `work` with the validations asking another SAT, then the simulator again. */
async function withSat(deps: Partial<Pick<ValidationDeps, 'satStatusFor' | 'satCertificatesFor'>>, work: () => Promise<void>): Promise<void> {
  Object.assign(sat, deps);
  try {
    await work();
  } finally {
    delete sat.satStatusFor;
    delete sat.satCertificatesFor;
  }
}

const notFound: CfdiStatus = {
  found: false,
  codigoEstatus: 'N - 602: Comprobante no encontrado.',
  estado: 'No Encontrado',
  esCancelable: '',
  estatusCancelacion: '',
  validacionEfos: '',
  cancellable: null,
  efosListed: false,
};

describe('who answered: the SAT itself (a live configuration)', { skip: skipWithoutShared }, () => {
  test("a certificate the SAT does not publish and a UUID it does not know fail, in the SAT's name", async () => {
    const sat = {
      satStatusFor: () => ({ authority: 'sat' as const, query: async () => notFound }),
      satCertificatesFor: () =>
        certificateRepository({ baseUrl: 'https://rdc.sat.test/rccf', layout: 'sat', fetch: async () => new Response('not here', { status: 404 }) }),
    };
    await withSat(sat, async () => {
      const result = await validation(readSample('real/I_ISD950921HE5_2025-01-24_real.xml'));
      assert.deepEqual(codes(result.errors), ['cfdi.tfd_certificate_unavailable', 'cfdi.not_found']);
      assert.match(result.errors[0]!.message, /^The SAT does not publish certificate 00001000000708361114/);
      assert.match(result.errors[1]!.message, /^The SAT does not know C2832671-DA6D-11EF-A83D-00155D012007 issued by ISD950921HE5/);
      assert.deepEqual([outcomes(result).timbre, outcomes(result).sat_status], ['failed', 'failed']);
      assert.equal(result.summary.sat?.estado, 'No Encontrado');
    });
  });

  test('the SAT refusing the query (N - 601) is cfdi.invalid_expression, not indeterminate', async () => {
    const { xml } = await stampedXml();
    const refused = new ProviderError('cfdi.invalid_expression', 'The SAT refused the query: N - 601: La expresión impresa proporcionada no es válida.', {
      retryable: false,
    });
    await withSat({ satStatusFor: () => ({ authority: 'sat' as const, query: async () => Promise.reject(refused) }) }, async () => {
      const result = await validation(xml);
      assert.deepEqual(codes(result.errors), ['cfdi.invalid_expression']);
      assert.match(result.errors[0]!.message, /N - 601/);
      assert.equal(outcomes(result).sat_status, 'failed');
      assert.equal(result.summary.sat, null);
    });
  });
});

describe('when the SAT or its certificate repository cannot be reached', () => {
  test('the status is indeterminate and the timbre unverified: retryable errors, never valid, never a 500', async () => {
    const { xml } = await stampedXml();
    const cutOff = {
      satStatusFor: () => ({
        authority: 'sat' as const,
        query: async () =>
          Promise.reject(new ProviderError('cfdi.status_indeterminate', 'the SAT did not answer in time', { retryable: true, failure: 'timeout' })),
      }),
      satCertificatesFor: () =>
        certificateRepository({ baseUrl: 'http://127.0.0.1:9/rccf', layout: 'sat', fetch: async () => Promise.reject(new TypeError('fetch failed')) }),
    };
    await withSat(cutOff, async () => {
      const result = await validation(xml);
      assert.equal(result.valid, false);
      assert.deepEqual(codes(result.errors).sort(), ['cfdi.status_indeterminate', 'cfdi.tfd_certificate_unreachable']);
      assert.deepEqual(result.summary.sat, { estado: 'indeterminate', es_cancelable: null, cancel_status: null });
      const unreachable = result.errors.find((error) => error.code === 'cfdi.tfd_certificate_unreachable')!;
      assert.match(unreachable.path, /@NoCertificadoSAT$/);
      assert.match(unreachable.message, /the SAT's certificate repository could not be reached/);
      assert.match(result.errors.find((error) => error.code === 'cfdi.status_indeterminate')!.message, /^The SAT could not be asked/);
      // Could not run is not failed: nothing is wrong with the document.
      assert.deepEqual([outcomes(result).timbre, outcomes(result).sat_status], ['not_run', 'not_run']);
      assert.ok(result.checks.filter((check) => check.id !== 'timbre' && check.id !== 'sat_status').every((check) => check.status === 'passed'));
    });
    // Once reachable again, the certificate is fetched, kept, and the same CFDI is valid.
    assert.equal((await validation(xml)).valid, true);
    const kept = await sql<{ n: string }>`SELECT count(*)::text AS n FROM sat_certificates`.execute(t.app.services.db);
    assert.ok(Number(kept.rows[0]!.n) >= 1);
  });
});

describe('the command line', { skip: skipWithoutShared }, () => {
  /** `invoicing cfdi validate FILE` as the binary runs it (main.ts wires the catalogs and the XSDs). */
  async function cli(file: string) {
    let stdout = '';
    const code = await runCommand(['cfdi', 'validate', samplePath(file)], {
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      readFile: (path) => import('node:fs/promises').then((fs) => fs.readFile(path)),
      readDir: (path) => import('node:fs/promises').then((fs) => fs.readdir(path)),
      env: {},
    });
    return { code, report: JSON.parse(stdout) as ValidationJson };
  }

  test("cfdi validate gives the API's verdict on a fresh install: the built-in catalogs, the same checks", async () => {
    const sealed = [
      'sealed-no-tfd/I_descuentos_EKU9003173C9_2023-06-18.xml',
      'sealed-no-tfd/P_pagos20_EKU9003173C9_2023-06-13.xml',
      'sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml',
    ];
    for (const file of sealed) {
      const api = await validation(readSample(file));
      const { code, report } = await cli(file);
      const verdict = ({ valid, errors, warnings, checks }: typeof report) => ({ valid, errors, warnings, checks });
      assert.deepEqual(verdict(report), verdict(api), file);
      assert.equal(code, api.valid ? 0 : 1, file);
      // The built-in catalogs are checked; the big ones, imported on a server, are said not checked here.
      const notChecked = report.warnings.filter((warning) => warning.code === 'cfdi.catalog_not_loaded').map((warning) => warning.message.split(' ')[0] ?? '');
      assert.ok(!notChecked.includes('c_Moneda') && !notChecked.includes('c_UsoCFDI'), `${file}: ${notChecked.join(', ')}`);
      for (const name of notChecked) assert.match(name, /^c_(ClaveProdServ|ClaveUnidad|CodigoPostal|NumPedimentoAduana)$/, file);
    }
    // A genuine stamped CFDI: what the API cannot verify in test mode, the command line cannot either.
    const real = 'real/I_ISD950921HE5_2025-01-24_real.xml';
    const api = await validation(readSample(real));
    const { code, report } = await cli(real);
    assert.deepEqual(outcomes(report), outcomes(api));
    assert.deepEqual([code, report.valid], [3, false]);
  });
});
