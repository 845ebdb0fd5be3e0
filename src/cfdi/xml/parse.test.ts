import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CfdiError } from '../errors.ts';
import type { CfdiErrorCode } from '../errors.ts';
import { assertNoDoctype, parseXml } from './parse.ts';
import type { XmlParseLimits } from './parse.ts';
import type { XmlElement } from './tree.ts';

function failsWith(input: string | Uint8Array, code: CfdiErrorCode, limits?: XmlParseLimits): CfdiError {
  try {
    parseXml(input, limits);
  } catch (error) {
    assert.ok(error instanceof CfdiError, `expected a CfdiError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}`);
}

const nested = (depth: number): string => '<a>'.repeat(depth) + '</a>'.repeat(depth);

test('a DOCTYPE is rejected before libxml2 sees it, wherever it sits in the prolog', () => {
  for (const prolog of ['', '\uFEFF', '<?xml version="1.0" encoding="UTF-8"?>\n', '<!-- comment -->\n', '<?pi data?>', ' \n\t']) {
    failsWith(`${prolog}<!DOCTYPE a><a/>`, 'cfdi.doctype_forbidden');
    failsWith(`${prolog}<!doctype a><a/>`, 'cfdi.doctype_forbidden');
  }
  const billionLaughs = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><a>&lol2;</a>';
  failsWith(billionLaughs, 'cfdi.doctype_forbidden');
  const externalEntity = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>';
  failsWith(externalEntity, 'cfdi.doctype_forbidden');
  assert.doesNotThrow(() => assertNoDoctype(new TextEncoder().encode('<!-- <!DOCTYPE in a comment --><a/>')));
});

test('undeclared entities are a parse error, never expanded or loaded', () => {
  const error = failsWith('<a>&external;</a>', 'cfdi.parse_error');
  assert.match(error.message, /external/);
  assert.match(error.path ?? '', /^line 1, column \d+$/);
});

test('malformed and truncated documents give cfdi.parse_error', () => {
  const document = '<?xml version="1.0" encoding="UTF-8"?><r a="1"><b c="&amp;"/><d>text</d></r>';
  for (let length = 0; length < document.length; length++) failsWith(document.slice(0, length), 'cfdi.parse_error');
  for (const bad of ['', 'hello', '<a/><b/>', '<a b="1" b="2"/>', '<x:a/>', '<a>\u0000</a>', '<a></b>']) failsWith(bad, 'cfdi.parse_error');
});

test('input that is not UTF-8 gives cfdi.invalid_encoding', () => {
  failsWith(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]), 'cfdi.invalid_encoding');
  failsWith(new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00, 0x2f, 0x00, 0x3e, 0x00]), 'cfdi.invalid_encoding');
  failsWith('<a b="\uD800"/>', 'cfdi.invalid_encoding');
});

test('size and depth limits are enforced with their own codes', () => {
  failsWith(`<a>${'x'.repeat(64)}</a>`, 'cfdi.xml_too_large', { maxBytes: 64 });
  failsWith(new TextEncoder().encode(`<a>${'ñ'.repeat(40)}</a>`), 'cfdi.xml_too_large', { maxBytes: 64 });
  failsWith(`<a>${' '.repeat(10 * 1024 * 1024)}</a>`, 'cfdi.xml_too_large');
  assert.equal(parseXml(nested(64)).local, 'a');
  failsWith(nested(65), 'cfdi.xml_too_deep');
  failsWith(nested(5), 'cfdi.xml_too_deep', { maxDepth: 4 });
  failsWith(nested(5000), 'cfdi.xml_too_deep');
});

const declarations = (count: number, from = 0): string =>
  Array.from({ length: count }, (_, index) => ` xmlns:p${from + index}="urn:p${from + index}"`).join('');
const attributes = (count: number): string => Array.from({ length: count }, (_, index) => ` a${index}="${index}"`).join('');

test('elements per document and attributes per element are bounded, with cfdi.xml_too_complex', () => {
  // 8 MB of empty elements inside one element: refused at the 250,001st, long before the tree is built.
  const flood = `<cfdi:Addenda xmlns:cfdi="http://www.sat.gob.mx/cfd/4">${'<a/>'.repeat(2_000_000)}</cfdi:Addenda>`;
  const error = failsWith(flood, 'cfdi.xml_too_complex');
  assert.match(error.message, /more than 250000 elements/);
  assert.equal(parseXml(`<r>${'<a/>'.repeat(249_999)}</r>`).children.length, 249_999);
  failsWith(`<r>${'<a/>'.repeat(10)}</r>`, 'cfdi.xml_too_complex', { maxElements: 10 });
  // Namespace declarations and attributes count together, per element.
  assert.equal(parseXml(`<r${declarations(500)}${attributes(500)}/>`).attributes.length, 500);
  failsWith(`<r${declarations(1_001)}/>`, 'cfdi.xml_too_complex');
  failsWith(`<r${attributes(1_001)}/>`, 'cfdi.xml_too_complex');
  failsWith(`<r${declarations(600)}${attributes(401)}/>`, 'cfdi.xml_too_complex');
  assert.equal(parseXml(`<r${declarations(3)}><s${declarations(3, 3)}/></r>`).children.length, 1);
});

// Quadratic work here would take minutes (40,000 declarations took 9 s and 100,000 took 112 s
// before); the runner's timeout is what turns such a regression into a failure.
test('100,000 namespace declarations or attributes on one element are parsed in linear time', { timeout: 30_000 }, () => {
  const limits = { maxAttributes: 200_000 };
  const root = parseXml(`<r${declarations(100_000)}><p99999:e/></r>`, limits);
  assert.equal((root.children[0] as XmlElement).namespace, 'urn:p99999');
  assert.equal(parseXml(`<r${attributes(100_000)}/>`, limits).attributes.length, 100_000);
  const duplicate = failsWith(`<r${declarations(100_000)} xmlns:p0="urn:again"/>`, 'cfdi.parse_error', limits);
  assert.match(duplicate.message, /xmlns:p0 redefined/);
});

test('the tree keeps namespaces, attribute order, text and CDATA, and drops comments', () => {
  const root = parseXml(
    '<r:root xmlns:r="urn:r" xmlns="urn:d" z="1" r:y="2" a="&lt;&amp;&#9;&#10;"><child>one<![CDATA[<two>]]><!-- c --></child>\n <r:e/></r:root>',
  );
  assert.deepEqual(
    root.attributes.map((a) => [a.prefix, a.local, a.namespace, a.value]),
    [
      [null, 'z', null, '1'],
      ['r', 'y', 'urn:r', '2'],
      [null, 'a', null, '<&\t\n'],
    ],
  );
  const [child, whitespace, empty] = root.children as [XmlElement, { text: string }, XmlElement];
  assert.deepEqual([child.namespace, child.prefix, child.local, child.children], ['urn:d', null, 'child', [{ text: 'one<two>' }]]);
  assert.deepEqual(whitespace, { text: '\n ' });
  assert.deepEqual([empty.namespace, empty.prefix, empty.local], ['urn:r', 'r', 'e']);
  const dropped = parseXml('<r:root xmlns:r="urn:r">\n <r:e> </r:e>\n</r:root>', { ignoreWhitespaceIn: new Set(['urn:r']) });
  assert.deepEqual(dropped.children, [{ namespace: 'urn:r', prefix: 'r', local: 'e', attributes: [], children: [] }]);
});

test('arbitrary corruptions of a document never escape as anything but a CfdiError', () => {
  const document = new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Nombre="Peña &amp; Hijos"><cfdi:Emisor Rfc="AAA010101AAA"/></cfdi:Comprobante>',
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.nat(document.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), fc.nat(document.length), (edits, cut) => {
      const bytes = document.slice(0, cut);
      for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
      try {
        parseXml(bytes);
      } catch (error) {
        assert.ok(error instanceof CfdiError, String(error));
      }
    }),
    { numRuns: 400, seed: 7 },
  );
});
