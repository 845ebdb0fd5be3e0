import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CfdiError } from '../errors.ts';
import { parseXml } from './parse.ts';
import { escapeAttribute, serializeXml, XML_DECLARATION } from './serialize.ts';
import type { XmlElement } from './tree.ts';

function element(
  namespace: string | null,
  prefix: string | null,
  local: string,
  attributes: Array<[string, string]> = [],
  children: XmlElement['children'] = [],
): XmlElement {
  return { namespace, prefix, local, attributes: attributes.map(([name, value]) => ({ namespace: null, prefix: null, local: name, value })), children };
}

test('attribute values survive attribute-value normalisation, including tab, CR and LF', () => {
  assert.equal(escapeAttribute('a&b<c>d"e\'f\tg\nh\ri'), "a&amp;b&lt;c&gt;d&quot;e'f&#9;g&#10;h&#13;i");
  // XML 1.0 characters only; the property parses the output with libxml2 and compares.
  const xmlCharacter = fc.oneof(
    fc.constantFrom('&', '<', '>', '"', "'", '\t', '\n', '\r', ' ', 'Ñ', 'é', '\u00A0', '😀', '|'),
    fc.integer({ min: 0x20, max: 0xd7ff }).map((code) => String.fromCharCode(code)),
  );
  fc.assert(
    fc.property(
      fc.array(xmlCharacter, { maxLength: 30 }).map((parts) => parts.join('')),
      (value) => {
        const root = parseXml(serializeXml(element('urn:x', 'x', 'r', [['v', value]], [{ text: value || 'x' }])));
        assert.equal(root.attributes[0]?.value, value);
        assert.deepEqual(root.children, [{ text: value || 'x' }]);
      },
    ),
    { numRuns: 300, seed: 11 },
  );
});

test('characters XML 1.0 cannot carry are refused with cfdi.invalid_xml_char', () => {
  for (const bad of ['\u0000', 'a\u0001', '\u001F', '\uFFFE', '\uD800']) {
    assert.throws(
      () => serializeXml(element(null, null, 'r', [['v', bad]])),
      (error: unknown) => error instanceof CfdiError && error.code === 'cfdi.invalid_xml_char',
    );
  }
});

test('every namespace is declared once on the root, and conflicting prefixes are declared locally', () => {
  const tree = element(
    'urn:a',
    'a',
    'root',
    [],
    [
      element('urn:b', 'b', 'one', [], [element('urn:a', 'a', 'inner')]),
      element('urn:c', 'c', 'two'),
      element('urn:d', null, 'defaulted', [], [element(null, null, 'plain')]),
      element('urn:x1', 'x', 'first'),
      element('urn:x2', 'x', 'second'),
    ],
  );
  tree.attributes.push({ namespace: 'urn:c', prefix: 'c', local: 'flag', value: '1' });
  const xml = serializeXml(tree);
  assert.ok(xml.startsWith(`${XML_DECLARATION}\n<a:root xmlns:a="urn:a" xmlns:c="urn:c" xmlns:b="urn:b" c:flag="1">`), xml);
  assert.ok(xml.includes('<defaulted xmlns="urn:d"><plain xmlns=""/></defaulted>'), xml);
  assert.ok(xml.includes('<x:first xmlns:x="urn:x1"/><x:second xmlns:x="urn:x2"/>'), xml);
  const reparsed = parseXml(xml);
  const names = (node: XmlElement): unknown => [node.namespace, node.local, node.children.map((child) => ('local' in child ? names(child) : child))];
  assert.deepEqual(names(reparsed), names(tree));
});

test('the declaration can be left out, and empty elements are self-closing', () => {
  assert.equal(serializeXml(element(null, null, 'r', [['a', '1']]), { declaration: false }), '<r a="1"/>');
});
