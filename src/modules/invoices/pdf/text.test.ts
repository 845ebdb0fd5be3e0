import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toWinAnsi, wrapText } from './text.ts';

test('Spanish text and cp1252 punctuation pass through unchanged', () => {
  const spanish = 'ÑANDÚ Ñandú áéíóú ÁÉÍÓÚ ü ¿Qué? ¡Sí! € — – “comillas” ‘simples’ • … ™ & <> $1,160.00';
  assert.equal(toWinAnsi(spanish), spanish);
});

test('characters outside WinAnsi are reduced, never garbled', () => {
  assert.equal(toWinAnsi('Kőbánya'), 'Kobánya', 'an accent cp1252 lacks is dropped');
  assert.equal(toWinAnsi('ﬁltro'), 'filtro', 'ligatures unfold');
  assert.equal(toWinAnsi('ＡＢＣ１２３'), 'ABC123', 'full-width forms unfold');
  assert.equal(toWinAnsi('Ąę Łódź'), 'Ae ?ódz', 'Ł has no decomposition, so it becomes ?');
  assert.equal(toWinAnsi('gamepad ⏻ café ☕'), 'gamepad ? café ?');
  assert.equal(toWinAnsi('𝔘nicode 😀'), 'Unicode ?', 'an astral character is one ? (or its NFKD letter)');
  assert.equal(toWinAnsi('a\u200bb\u00adc'), 'abc', 'invisible characters are removed');
  assert.equal(toWinAnsi('x − y ≤ z → w'), 'x - y <= z -> w');
  assert.equal(toWinAnsi('line\nbreak\ttab\u0001'), 'line break tab');
});

test('every character of the result is drawable by the standard fonts', () => {
  const hostile = Array.from({ length: 0x3000 }, (_, index) => String.fromCodePoint(index)).join('');
  for (const character of toWinAnsi(hostile)) {
    const code = character.codePointAt(0) as number;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    assert.ok(latin1 || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(character), `U+${code.toString(16)}`);
  }
});

const monospace = (text: string) => text.length;

test('lines break at spaces and never exceed the width', () => {
  const lines = wrapText('uno dos tres cuatro cinco seis siete', 10, monospace);
  assert.deepEqual(lines, ['uno dos', 'tres', 'cuatro', 'cinco seis', 'siete']);
  for (const line of lines) assert.ok(line.length <= 10);
});

test('a word longer than the line (a seal) is broken where it overflows', () => {
  const seal = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/==';
  const lines = wrapText(`Sello: ${seal}`, 16, monospace);
  assert.deepEqual(lines, ['Sello:', 'ABCDEFGHIJKLMNOP', 'QRSTUVWXYZ012345', '6789+/==']);
  assert.equal(lines.slice(1).join(''), seal);
});

test('explicit line breaks start new lines; blank input still gives one line', () => {
  assert.deepEqual(wrapText('primera\nsegunda línea', 100, monospace), ['primera', 'segunda línea']);
  assert.deepEqual(wrapText('', 100, monospace), ['']);
  assert.deepEqual(wrapText('  espacios   de  más ', 100, monospace), ['espacios de más']);
});
