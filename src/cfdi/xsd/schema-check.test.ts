import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ADDENDAS, withAddenda } from '../../../test/support/addendas.ts';
import { readSample } from '../../../test/support/sat-samples.ts';
import { skipWithoutShared } from '../../../test/support/shared.ts';
import { cfdiSchemaChecker } from '../../providers/sat/schemas.ts';
import type { SchemaChecker } from './schema-check.ts';

let checker: SchemaChecker;
before(async () => {
  checker = await cfdiSchemaChecker();
});

const check = (xml: string) => checker.check(Buffer.from(xml, 'utf8'));
const REAL = ['real/I_ISD950921HE5_2025-01-24_real.xml', 'real/I_CSM190311AH6_2022-01-12_real.xml'];

test('a genuine CFDI with an Addenda of any shape passes the XSD exactly as it does without one', { skip: skipWithoutShared }, () => {
  for (const file of REAL) {
    const xml = readSample(file).toString('utf8');
    assert.deepEqual(check(xml), { errors: [], warnings: [] }, file);
    for (const [shape, addenda] of Object.entries(ADDENDAS)) {
      assert.deepEqual(check(withAddenda(xml, addenda)), { errors: [], warnings: [] }, `${file}: ${shape}`);
    }
    const all = `<cfdi:Addenda>${Object.values(ADDENDAS)
      .map((addenda) => addenda.replace(/^<cfdi:Addenda>|<\/cfdi:Addenda>$/g, ''))
      .join('')}</cfdi:Addenda>`;
    assert.deepEqual(check(withAddenda(xml, all)), { errors: [], warnings: [] }, `${file}: every shape in one Addenda`);
  }
});

test('an Addenda hides no structure error of the document and adds none', { skip: skipWithoutShared }, () => {
  const broken = readSample(REAL[0]!)
    .toString('utf8')
    .replace(/(<cfdi:Concepto [^>]*)Importe="([^"]*)"/, '$1Importe="mil"');
  const without = check(broken);
  assert.equal(without.errors.length, 1, JSON.stringify(without));
  assert.match(without.errors[0]!.path, /cfdi:Concepto(\[1\])?\/@Importe$/);
  for (const [shape, addenda] of Object.entries(ADDENDAS)) assert.deepEqual(check(withAddenda(broken, addenda)), without, shape);
});

test('an empty Addenda is still a structure error: cfdv40.xsd requires an element in it', { skip: skipWithoutShared }, () => {
  const xml = readSample(REAL[0]!).toString('utf8');
  for (const empty of ['<cfdi:Addenda/>', '<cfdi:Addenda>\n  </cfdi:Addenda>']) {
    const { errors } = check(withAddenda(xml, empty));
    assert.deepEqual(
      errors.map((error) => [error.code, error.path]),
      [['cfdi.malformed_xml', '/cfdi:Comprobante/cfdi:Addenda']],
      empty,
    );
  }
});
