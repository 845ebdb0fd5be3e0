import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../support/app.ts';
import { HOSTILE_XML } from '../support/hostile-xml.ts';

let t: TestApp;
let key: string;

before(async () => {
  t = await createTestApp({ simulator: true });
  ({ testKey: key } = await t.bootstrap('Hostile'));
});
after(() => t.close());

test('the hostile corpus is large enough to mean something', () => {
  assert.ok(HOSTILE_XML.length >= 40, `${HOSTILE_XML.length} cases`);
  assert.equal(new Set(HOSTILE_XML.map((item) => item.name)).size, HOSTILE_XML.length);
});

test('every hostile or broken document ends in a 4xx problem or an invalid validation, raw or in JSON', async () => {
  const outcomes: string[] = [];
  for (const { name, body } of HOSTILE_XML) {
    const bytes = body();
    for (const request of [{ payload: bytes, headers: { 'content-type': 'application/xml' } }, { payload: { xml_base64: bytes.toString('base64') } }]) {
      const response = await t.request({ method: 'POST', url: '/v1/validations', key, ...request });
      const via = 'headers' in request ? 'raw' : 'json';
      // No external entity or XInclude was ever resolved into what the service answers.
      assert.ok(!response.body.includes('root:x:0:'), `${name} (${via}) leaked a local file`);
      if (response.statusCode === 201) {
        const validation = response.json();
        assert.equal(validation.valid, false, `${name} (${via}) was declared valid`);
        assert.ok(validation.errors.length > 0 && validation.errors.length <= 200, `${name} (${via}): ${validation.errors.length} errors`);
        outcomes.push(`${name}: invalid (${validation.errors[0].code})`);
      } else {
        assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${name} (${via}): ${response.statusCode} ${response.body.slice(0, 300)}`);
        const problem = response.json();
        assert.match(problem.code, /^(cfdi|request)\./, name);
        outcomes.push(`${name}: ${response.statusCode} ${problem.code}`);
      }
    }
  }
  assert.equal(outcomes.length, HOSTILE_XML.length * 2);
});
