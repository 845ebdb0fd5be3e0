/**
 * A minimal, bounds-checked ASN.1 DER reader: just enough to read the SAT fields of an X.509
 * certificate (subject attributes with their string types, validity, keyUsage) and to tell an
 * encrypted PKCS#8 key from a plain one. Node's X509Certificate renders the subject as escaped
 * text and (on Node 20) exposes no keyUsage, so the certificate is read from its bytes.
 */

export class DerError extends Error {
  override readonly name = 'DerError';
}

export interface DerNode {
  /** The identifier octet (class, constructed bit and tag number; tags above 30 are not used here). */
  readonly tag: number;
  /** The content octets. */
  readonly content: Buffer;
  /** The whole element, header included. */
  readonly encoded: Buffer;
}

export const DerTag = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  objectIdentifier: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  t61String: 0x14,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  universalString: 0x1c,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Reads the element that starts at `offset`; its end must lie inside `buffer`. */
export function readDer(buffer: Buffer, offset = 0): DerNode {
  if (offset + 2 > buffer.length) throw new DerError('truncated DER header');
  const tag = buffer[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte DER tags are not supported');
  let length = buffer[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    // Indefinite lengths are BER, not DER; four length octets cover anything a certificate needs.
    if (octets === 0 || octets > 4) throw new DerError('unsupported DER length');
    if (offset + 2 + octets > buffer.length) throw new DerError('truncated DER length');
    length = 0;
    for (let index = 0; index < octets; index += 1) length = length * 256 + buffer[offset + 2 + index]!;
    header += octets;
  }
  const end = offset + header + length;
  if (end > buffer.length) throw new DerError('DER length exceeds the data');
  return {
    tag,
    content: buffer.subarray(offset + header, end),
    encoded: buffer.subarray(offset, end),
  };
}

/** Reads a whole buffer as exactly one element (trailing bytes are an error). */
export function readDerDocument(buffer: Buffer): DerNode {
  const node = readDer(buffer, 0);
  if (node.encoded.length !== buffer.length) throw new DerError('trailing data after the DER element');
  return node;
}

/** The child elements of a constructed element. */
export function derChildren(node: DerNode): DerNode[] {
  if ((node.tag & 0x20) === 0) throw new DerError(`DER tag 0x${node.tag.toString(16)} is not constructed`);
  const children: DerNode[] = [];
  let offset = 0;
  while (offset < node.content.length) {
    const child = readDer(node.content, offset);
    children.push(child);
    offset += child.encoded.length;
  }
  return children;
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (node === undefined || node.tag !== tag) throw new DerError(`expected ${what}`);
  return node;
}

/** Dotted form of an OBJECT IDENTIFIER, e.g. "2.5.4.45". */
export function derObjectIdentifier(node: DerNode): string {
  expectTag(node, DerTag.objectIdentifier, 'an OBJECT IDENTIFIER');
  const bytes = node.content;
  if (bytes.length === 0) throw new DerError('empty OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  const first = arcs.shift() ?? 0;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...arcs].join('.');
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Text of a directory string. SAT certificates put names with Ñ into T61String using single
 * Latin-1 bytes (0xD1 for Ñ, as in OÑO120726RX3), which is how OpenSSL reads T61String too; a
 * T61String whose bytes form valid multi-byte UTF-8 is read as UTF-8 instead, since some issuers
 * write UTF-8 under that tag.
 */
export function derString(node: DerNode): string {
  switch (node.tag) {
    case DerTag.utf8String:
      return node.content.toString('utf8');
    case DerTag.printableString:
    case DerTag.ia5String:
      return node.content.toString('latin1');
    case DerTag.t61String:
      return decodeT61(node.content);
    case DerTag.bmpString:
      return decodeUtf16BigEndian(node.content);
    case DerTag.universalString:
      return decodeUtf32BigEndian(node.content);
    default:
      throw new DerError(`DER tag 0x${node.tag.toString(16)} is not a string`);
  }
}

function decodeT61(bytes: Buffer): string {
  if (bytes.some((byte) => byte >= 0x80)) {
    try {
      return utf8Strict.decode(bytes);
    } catch {
      return bytes.toString('latin1');
    }
  }
  return bytes.toString('latin1');
}

function decodeUtf16BigEndian(bytes: Buffer): string {
  if (bytes.length % 2 !== 0) throw new DerError('odd BMPString length');
  const swapped = Buffer.from(bytes);
  swapped.swap16();
  return swapped.toString('utf16le');
}

function decodeUtf32BigEndian(bytes: Buffer): string {
  if (bytes.length % 4 !== 0) throw new DerError('bad UniversalString length');
  let text = '';
  for (let offset = 0; offset < bytes.length; offset += 4) text += String.fromCodePoint(bytes.readUInt32BE(offset));
  return text;
}

/** UTCTime (YYMMDDHHMMSSZ, years 50-99 = 19xx per RFC 5280) or GeneralizedTime (YYYYMMDDHHMMSSZ). */
export function derTime(node: DerNode): Date {
  const text = node.content.toString('latin1');
  const match =
    node.tag === DerTag.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : node.tag === DerTag.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (match === null) throw new DerError(`unsupported time value "${text}"`);
  const [, yearText, month, day, hour, minute, second] = match as unknown as string[];
  let year = Number(yearText);
  if (node.tag === DerTag.utcTime) year += year >= 50 ? 1900 : 2000;
  return new Date(Date.UTC(year, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
}
