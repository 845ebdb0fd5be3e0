/**
 * Random XML for differential tests of the parser: documents built from a grammar that reaches
 * every construct the parser handles (prolog, namespaces and their reserved names, attribute
 * normalisation, references, CDATA, comments, PIs, CR LF), then sometimes corrupted by a few
 * edits so that near-misses of well-formedness are exercised too.
 */
import fc from 'fast-check';
const NAMES = ['a', 'b', 'Año', 'x.y', 'x-y', '_z', 'é', 'n😀', 'A1'];
const PREFIXES = ['p', 'q', 'cfdi'];
const URIS = ['urn:p', 'urn:q', 'http://www.sat.gob.mx/cfd/4', 'rel'];
const SPACE = fc.constantFrom('', ' ', '\n', '\t', '\r\n', '  ');
const SPACE1 = fc.constantFrom(' ', '\n', '\t', '\r\n', ' \r ');
const CHARS = fc.constantFrom(
  'a',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '&amp;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&apos;',
  '&#9;',
  '&#10;',
  '&#13;',
  '&#x20;',
  '&#xD;&#xA;',
  '&#128512;',
  '&#x1F600;',
  'ñ',
  '😀',
  '>',
  ']',
  ']]',
  '"',
  "'",
  '€',
  '\u00A0',
  '\u2028',
  '\uFFFD',
);
const value = fc.array(CHARS, { maxLength: 6 }).map((parts) => parts.join(''));
const quoted = value.chain((v) => fc.constantFrom(`"${v.replace(/"/g, '&quot;')}"`, `'${v.replace(/'/g, '&apos;')}'`));
const attrName = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.tuple(fc.constantFrom(...PREFIXES, 'xml'), fc.constantFrom(...NAMES)).map(([p, n]) => `${p}:${n}`),
);
const decl = fc.oneof(
  fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...URIS)).map(([p, u]) => `xmlns:${p}="${u}"`),
  fc.constantFrom(...URIS, '').map((u) => `xmlns="${u}"`),
);
const attribute = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(attrName, SPACE, SPACE, quoted).map(([n, s1, s2, v]) => `${n}${s1}=${s2}${v}`) },
  { weight: 2, arbitrary: decl },
);
const misc = fc.constantFrom('<!-- c -->', '<!---->', '<!-- a - b -->', '<?pi?>', '<?pi data ?>', '<?pi\n?>', ' ', '\n');
const textPiece = fc.oneof(CHARS, fc.constantFrom('<![CDATA[x]]>', '<![CDATA[<&]]]>', '<![CDATA[]]>', '<!--k-->', '<?t x?>', 'text'));
const text = fc.array(textPiece, { maxLength: 5 }).map((p) => p.join(''));
const tagName = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...NAMES)).map(([p, n]) => `${p}:${n}`),
);
interface Tree {
  name: string;
  attributes: string[];
  spaces: string[];
  children: (Tree | string)[];
}
const tree: fc.Arbitrary<Tree> = fc.letrec((tie) => ({
  node: fc.record({
    name: tagName,
    attributes: fc.array(attribute, { maxLength: 4 }),
    spaces: fc.array(SPACE1, { minLength: 5, maxLength: 5 }),
    children: fc.array(fc.oneof({ weight: 2, arbitrary: text }, { weight: 1, arbitrary: tie('node') as fc.Arbitrary<Tree> }), { maxLength: 4 }),
  }),
})).node as fc.Arbitrary<Tree>;
function write(node: Tree): string {
  const attrs = node.attributes.map((a, i) => (node.spaces[i % 5] ?? ' ') + a).join('');
  if (node.children.length === 0 && node.spaces[0] === ' ') return `<${node.name}${attrs}${node.spaces[4] === '\n' ? '\n' : ''}/>`;
  return `<${node.name}${attrs}>${node.children.map((c) => (typeof c === 'string' ? c : write(c))).join('')}</${node.name}${node.spaces[3] === '\n' ? '\n' : ''}>`;
}
const prolog = fc
  .tuple(
    fc.constantFrom('', '\uFEFF'),
    fc.constantFrom(
      '',
      '<?xml version="1.0"?>',
      '<?xml version="1.0" encoding="UTF-8"?>',
      "<?xml version='1.1' encoding='latin1' standalone='yes' ?>",
      '<?xml version="1.0" standalone="no"?>\n',
    ),
    fc.array(misc, { maxLength: 3 }),
  )
  .map(([bom, d, m]) => bom + d + m.join(''));
const document = fc
  .tuple(prolog, tree, fc.array(misc, { maxLength: 2 }))
  .map(([p, t, m]) => `${p}<root xmlns:p="urn:p" xmlns:q="urn:q" xmlns:cfdi="http://www.sat.gob.mx/cfd/4">${write(t)}</root>${m.join('')}`);
const MUTATIONS = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '/',
  ':',
  '=',
  ']]>',
  '--',
  '<!--',
  '?>',
  '\u0000',
  '\uFFFF',
  ' ',
  'x',
  '&#0;',
  '&#xFFFE;',
  '&x;',
  '</a>',
  '<a>',
  '<!DOCTYPE r>',
  'xmlns:p=""',
  '\uD800',
];
/** A generated document, corrupted by up to two edits. */
export const xmlDocuments = fc.tuple(document, fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.constantFrom(...MUTATIONS)), { maxLength: 2 })).map(([doc, edits]) => {
  let out = doc;
  for (const [at, remove, insert] of edits) {
    const i = at % (out.length + 1);
    out = out.slice(0, i) + insert + out.slice(i + (remove % 3));
  }
  return out;
});
