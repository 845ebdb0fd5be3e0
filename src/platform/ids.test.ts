import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isId, newId } from './ids.ts';
import { randomFraction, randomHex } from './random.ts';
import { continueTrace, formatTraceparent } from './http/trace.ts';

test('ids have the ULID shape, sort by creation and never repeat', () => {
  const ids = Array.from({ length: 5_000 }, () => newId('inv'));
  for (const id of ids) assert.ok(isId('inv', id), id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual([...ids].sort(), ids, 'strictly increasing within the process');
  assert.equal(isId('inv', 'inv_01ARZ3NDEKTSV4RRFFQ69G5FAV'), false, 'upper case is not an id');
  assert.equal(isId('key', ids[0]!), false, 'another prefix is not this kind of id');
});

test('ids made at different milliseconds draw all 32 symbols evenly in their random part', () => {
  const counts = new Map<string, number>();
  // Later than any id made so far: an earlier millisecond would only increment the last id.
  const base = Date.now() + 60_000;
  for (let index = 0; index < 4_000; index += 1) {
    for (const symbol of newId('req', base + index * 2).slice(4 + 10)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  }
  assert.equal(counts.size, 32);
  const expected = (4_000 * 16) / 32;
  for (const [symbol, count] of counts) assert.ok(Math.abs(count - expected) < expected * 0.15, `${symbol}: ${count}`);
});

test('the random pool gives fractions in [0, 1) and fresh hex across refills', () => {
  for (let index = 0; index < 10_000; index += 1) {
    const value = randomFraction();
    assert.ok(value >= 0 && value < 1);
  }
  const hexes = Array.from({ length: 2_000 }, () => randomHex(16));
  assert.ok(hexes.every((hex) => /^[0-9a-f]{32}$/.test(hex)));
  assert.equal(new Set(hexes).size, hexes.length);
});

test('a new trace gets fresh ids; a valid traceparent is continued with a new span', () => {
  const fresh = continueTrace(undefined);
  assert.match(formatTraceparent(fresh), /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  const continued = continueTrace('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  assert.equal(continued.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
  assert.notEqual(continued.spanId, '00f067aa0ba902b7');
  assert.notEqual(continueTrace('00-00000000000000000000000000000000-00f067aa0ba902b7-01').traceId, '00000000000000000000000000000000');
});
