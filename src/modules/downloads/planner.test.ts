/**
 * Properties of the SAT request planner's pure parts: halving a period on the SAT's cap loses
 * and repeats no second (Mexico City wall time, across daylight-saving changes of past years), nor
 * does splitting it to the end, which takes a bounded number of levels, and
 * the fingerprint that counts the SAT's "identical requests" changes with every field it compares.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { instantOf, localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { fingerprintOf, halves, type SatParameters } from './planner.ts';

const seconds = (local: string) => instantOf(local, MEXICO_CITY_TIME_ZONE).getTime() / 1000;
const local = (unixSeconds: number) => localDateTime(new Date(unixSeconds * 1000), MEXICO_CITY_TIME_ZONE);
/** Instants from 2020 (Mexico City still changed its clocks until October 2022) to 2030. */
const moment = fc.integer({ min: Date.parse('2020-01-01T06:00:00Z') / 1000, max: Date.parse('2030-01-01T06:00:00Z') / 1000 });
const period = fc.tuple(moment, fc.integer({ min: 0, max: 400 * 24 * 3600 })).map(([start, length]) => [local(start), local(start + length)] as const);

describe('halves', () => {
  test('two halves cover the period second for second, each at least an hour, or none below two hours', () => {
    fc.assert(
      fc.property(period, ([from, to]) => {
        const split = halves(from, to);
        const span = seconds(to) - seconds(from);
        if (span < 2 * 3600) return assert.equal(split, undefined);
        assert.ok(split);
        const [[firstFrom, firstTo], [secondFrom, secondTo]] = split;
        assert.equal(firstFrom, from);
        assert.equal(secondTo, to);
        assert.equal(seconds(secondFrom) - seconds(firstTo), 1, 'the second half starts one second after the first ends');
        assert.ok(seconds(firstTo) - seconds(firstFrom) >= 3600 - 1 && seconds(secondTo) - seconds(secondFrom) >= 3600 - 1);
      }),
    );
  });
});

describe('splitting on the SAT cap (5003)', () => {
  /** The parts a period becomes when the SAT answers 5003 to every part that can still be halved. */
  function leaves(from: string, to: string): [string, string][] {
    const split = halves(from, to);
    return split ? [...leaves(...split[0]), ...leaves(...split[1])] : [[from, to]];
  }
  /** Up to three days: at most 64 parts. */
  const short = fc.tuple(moment, fc.integer({ min: 0, max: 3 * 24 * 3600 })).map(([start, length]) => [local(start), local(start + length)] as const);

  test('split to the end, the parts follow one another second for second over the whole period, each too short to split again', () => {
    fc.assert(
      fc.property(short, ([from, to]) => {
        const parts = leaves(from, to);
        assert.equal(parts[0]![0], from);
        assert.equal(parts.at(-1)![1], to);
        for (const [index, [partFrom, partTo]] of parts.entries()) {
          const span = seconds(partTo) - seconds(partFrom);
          assert.ok(span < 2 * 3600, `${partFrom}..${partTo} could be halved again`);
          if (parts.length > 1) assert.ok(span >= 3600 - 1, `${partFrom}..${partTo} under an hour`);
          if (index > 0) assert.equal(seconds(partFrom) - seconds(parts[index - 1]![1]), 1, 'no second lost or asked twice');
        }
      }),
    );
  });

  test('whichever halves stay over the cap, the splitting ends within log2(hours) levels at a part of at least an hour', () => {
    fc.assert(
      fc.property(period, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), ([from, to], path) => {
        const hours = (seconds(to) - seconds(from)) / 3600;
        let part: readonly [string, string] = [from, to];
        let levels = 0;
        for (let split = halves(...part); split; split = halves(...part)) {
          part = split[path[levels]! ? 1 : 0];
          levels += 1;
        }
        assert.ok(levels <= Math.max(0, Math.ceil(Math.log2(hours))), `${levels} levels for ${hours.toFixed(1)} hours`);
        if (levels > 0) assert.ok(seconds(part[1]) - seconds(part[0]) >= 3600 - 1);
      }),
    );
  });
});

describe('fingerprintOf', () => {
  const parameters = fc.record({
    side: fc.constantFrom('issued' as const, 'received' as const),
    type: fc.constantFrom('cfdi' as const, 'metadata' as const),
    periodFrom: period.map(([from]) => from),
    periodTo: period.map(([, to]) => to),
    documentStatus: fc.constantFrom(null, 'active' as const, 'cancelled' as const),
    counterpartyRfc: fc.constantFrom(null, 'AAA010101AAA', 'XIA190128J61'),
    voucherType: fc.constantFrom(null, 'I', 'E', 'P'),
  });

  test('is the same for the same request and differs when any compared field differs', () => {
    fc.assert(
      fc.property(fc.constantFrom('EKU9003173C9', 'FUNK671228PH6'), parameters, parameters, (rfc, a, b) => {
        const same = (Object.keys(a) as (keyof SatParameters)[]).every((field) => a[field] === b[field]);
        assert.equal(fingerprintOf(rfc, a) === fingerprintOf(rfc, b), same);
        assert.equal(fingerprintOf(rfc, a), fingerprintOf(rfc, { ...a }));
        assert.notEqual(fingerprintOf('EKU9003173C9', a), fingerprintOf('FUNK671228PH6', a));
      }),
    );
  });
});
