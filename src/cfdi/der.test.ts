import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DerError, derChildren, derObjectIdentifier, derString, derTime, readDer, readDerDocument } from './der.ts';

const element = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag, content.length]), content]);

test('T61String holds Latin-1 bytes in SAT certificates, and UTF-8 when the bytes say so', () => {
  const latin1 = element(0x14, Buffer.from('OÑO120726RX3', 'latin1'));
  assert.equal(derString(readDer(latin1)), 'OÑO120726RX3');
  const utf8 = element(0x14, Buffer.from('OÑO120726RX3', 'utf8'));
  assert.equal(derString(readDer(utf8)), 'OÑO120726RX3');
  assert.equal(derString(readDer(element(0x0c, Buffer.from('ÑANDÚ', 'utf8')))), 'ÑANDÚ');
  assert.equal(derString(readDer(element(0x1e, Buffer.from([0x00, 0xd1, 0x00, 0x41])))), 'ÑA');
  assert.equal(derString(readDer(element(0x13, Buffer.from('H&E951128469')))), 'H&E951128469');
});

test('UTCTime years 50-99 are 19xx and 00-49 are 20xx (RFC 5280)', () => {
  assert.equal(derTime(readDer(element(0x17, Buffer.from('270518114351Z')))).toISOString(), '2027-05-18T11:43:51.000Z');
  assert.equal(derTime(readDer(element(0x17, Buffer.from('500101000000Z')))).toISOString(), '1950-01-01T00:00:00.000Z');
  assert.equal(derTime(readDer(element(0x18, Buffer.from('20500101000000Z')))).toISOString(), '2050-01-01T00:00:00.000Z');
  assert.throws(() => derTime(readDer(element(0x17, Buffer.from('2705181143Z')))), DerError);
});

test('object identifiers decode to dotted form', () => {
  assert.equal(derObjectIdentifier(readDer(Buffer.from([0x06, 0x03, 0x55, 0x04, 0x2d]))), '2.5.4.45');
  assert.equal(derObjectIdentifier(readDer(Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]))), '1.2.840.113549.1.1.11');
});

test('lengths beyond the data, trailing bytes and indefinite lengths are refused', () => {
  assert.throws(() => readDer(Buffer.from([0x30, 0x05, 0x01])), DerError);
  assert.throws(() => readDer(Buffer.from([0x30, 0x80, 0x00, 0x00])), DerError);
  assert.throws(() => readDer(Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff])), DerError);
  assert.throws(() => readDerDocument(Buffer.from([0x05, 0x00, 0x00])), DerError);
  const sequence = readDerDocument(Buffer.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x04, 0x01, 0xaa]));
  assert.deepEqual(
    derChildren(sequence).map((child) => child.tag),
    [0x02, 0x04],
  );
  assert.throws(() => derChildren(readDer(Buffer.from([0x04, 0x00]))), DerError);
});
