/**
 * Hostile and broken inputs for POST /v1/validations: entity tricks, nesting, sizes, encodings,
 * syntax errors and CFDI-shaped traps. Each must end in a 4xx problem or an invalid validation;
 * bench/validations.ts times them.
 */

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';

/** A CFDI 4.0 skeleton (not valid: no seal) with `inner` inside the Comprobante. */
function comprobante(inner: string, attributes = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="${CFDI_NS}" Version="4.0" Fecha="2026-07-15T10:00:00" SubTotal="100.00" Moneda="MXN" Total="116.00" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="42501"${attributes}><cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/><cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991" RegimenFiscalReceptor="601" UsoCFDI="G03"/>${inner}</cfdi:Comprobante>`;
}

const concepto =
  '<cfdi:Concepto ClaveProdServ="81112100" Cantidad="1" ClaveUnidad="E48" Descripcion="x" ValorUnitario="100.00" Importe="100.00" ObjetoImp="01"/>';

function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  if (endian === 'le') return le;
  for (let index = 0; index + 1 < le.length; index += 2) [le[index], le[index + 1]] = [le[index + 1]!, le[index]!];
  return le;
}

export interface HostileCase {
  name: string;
  body: () => Buffer;
}

const text = (name: string, make: () => string): HostileCase => ({ name, body: () => Buffer.from(make(), 'utf8') });

export const HOSTILE_XML: HostileCase[] = [
  text(
    'billion laughs',
    () =>
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>`,
  ),
  text('quadratic blowup entity', () => `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "${'x'.repeat(50_000)}">]><a>${'&x;'.repeat(5_000)}</a>`),
  text('external entity (XXE, file)', () => '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'),
  text('external parameter entity', () => '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY % x SYSTEM "http://127.0.0.1:1/evil.dtd"> %x;]><a/>'),
  text('external DTD', () => '<?xml version="1.0"?><!DOCTYPE a SYSTEM "http://127.0.0.1:1/evil.dtd"><a/>'),
  text('DOCTYPE inside a CFDI', () => comprobante(concepto).replace('<cfdi:Comprobante', '<!DOCTYPE cfdi:Comprobante [<!ENTITY e "x">]><cfdi:Comprobante')),
  text('nesting 100,000 deep', () => `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`),
  text('nesting just over the depth limit', () => `${'<a>'.repeat(65)}${'</a>'.repeat(65)}`),
  text('unclosed nesting 500,000 deep', () => '<a>'.repeat(500_000)),
  text('3 MB attribute value', () => comprobante(concepto, ` Serie="${'A'.repeat(3_000_000)}"`)),
  text('2,000 attributes on one element', () => `<a ${Array.from({ length: 2_000 }, (_, index) => `a${index}="1"`).join(' ')}/>`),
  text('40,000 namespace declarations', () => `<a${Array.from({ length: 40_000 }, (_, index) => ` xmlns:n${index}="urn:n${index}"`).join('')}/>`),
  text('300,000 elements in an Addenda', () =>
    comprobante(`<cfdi:Conceptos>${concepto}</cfdi:Conceptos><cfdi:Addenda>${'<a/>'.repeat(300_000)}</cfdi:Addenda>`),
  ),
  text('20,000 empty Conceptos', () => comprobante(`<cfdi:Conceptos>${'<cfdi:Concepto/>'.repeat(20_000)}</cfdi:Conceptos>`)),
  text('1 MB element name', () => `<${'a'.repeat(1_000_000)}/>`),
  text('1 MB namespace URI', () => `<a xmlns="urn:${'x'.repeat(1_000_000)}"/>`),
  text('100,000 processing instructions', () => `<a>${'<?pi x?>'.repeat(100_000)}</a>`),
  text('100,000 comments', () => `<a>${'<!--c-->'.repeat(100_000)}</a>`),
  text('2 MB CDATA', () => `<a><![CDATA[${'x'.repeat(2_000_000)}]]></a>`),
  { name: 'UTF-16 LE with BOM', body: () => utf16(comprobante(concepto).replace('UTF-8', 'UTF-16'), 'le') },
  { name: 'UTF-16 BE with BOM', body: () => utf16(comprobante(concepto).replace('UTF-8', 'UTF-16'), 'be') },
  { name: 'Latin-1 bytes declared ISO-8859-1', body: () => Buffer.from(comprobante(concepto).replace('UTF-8', 'ISO-8859-1'), 'latin1') },
  { name: 'invalid UTF-8 (overlong slash)', body: () => Buffer.concat([Buffer.from('<a>'), Buffer.from([0xc0, 0xaf]), Buffer.from('</a>')]) },
  { name: 'UTF-8 encoded surrogate (CESU-8)', body: () => Buffer.concat([Buffer.from('<a>'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('</a>')]) },
  { name: 'truncated multibyte sequence', body: () => Buffer.concat([Buffer.from('<a>'), Buffer.from([0xe2, 0x82])]) },
  { name: 'NUL byte in text', body: () => Buffer.from('<a>x\u0000y</a>', 'utf8') },
  {
    name: 'UTF-8 BOM then a CFDI skeleton',
    body: () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(comprobante(`<cfdi:Conceptos>${concepto}</cfdi:Conceptos>`))]),
  },
  { name: 'only a BOM', body: () => Buffer.from([0xef, 0xbb, 0xbf]) },
  text('control character in an attribute', () => '<a b="x\u0001y"/>'),
  text('character reference to NUL', () => '<a>&#0;</a>'),
  text('character reference to a surrogate', () => '<a>&#xD800;</a>'),
  text('undeclared entity', () => '<a>&nbsp;</a>'),
  text('unclosed tag', () => '<a><b></a>'),
  text('mismatched end tag', () => comprobante(concepto).replace('</cfdi:Comprobante>', '</cfdi:Comprobant>')),
  text('duplicate attribute', () => '<a x="1" x="2"/>'),
  text('unquoted attribute', () => '<a x=1/>'),
  text('< inside an attribute', () => '<a x="<"/>'),
  text('unbound prefix', () => '<p:a/>'),
  text('rebinding the xml prefix', () => '<a xmlns:xml="urn:evil"/>'),
  text('XML declaration after content', () => '<a/><?xml version="1.0"?>'),
  text('two root elements', () => '<a/><b/>'),
  text('text after the root', () => '<a/>trailing'),
  text('only whitespace', () => '   \n\t  '),
  text('truncated CFDI', () => comprobante(concepto).slice(0, 400)),
  text('XInclude of a local file', () =>
    comprobante(
      `<cfdi:Conceptos>${concepto}</cfdi:Conceptos><cfdi:Addenda><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/></cfdi:Addenda>`,
    ),
  ),
  text('schemaLocation pointing at the network', () =>
    comprobante(
      `<cfdi:Conceptos>${concepto}</cfdi:Conceptos>`,
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://127.0.0.1:1/evil.xsd"',
    ),
  ),
  text('1 MB of garbage in Certificado', () =>
    comprobante(
      `<cfdi:Conceptos>${concepto}</cfdi:Conceptos>`,
      ` NoCertificado="30001000000500003416" Certificado="${'QUJD'.repeat(250_000)}" Sello="${'QUJD'.repeat(64)}"`,
    ),
  ),
  text('Sello of 1 MB', () => comprobante(`<cfdi:Conceptos>${concepto}</cfdi:Conceptos>`, ` Sello="${'QUJD'.repeat(250_000)}"`)),
  text('unknown complemento 10,000 deep', () =>
    comprobante(
      `<cfdi:Conceptos>${concepto}</cfdi:Conceptos><cfdi:Complemento>${'<x:a xmlns:x="urn:x">'.repeat(10_000)}${'</x:a>'.repeat(10_000)}</cfdi:Complemento>`,
    ),
  ),
];
