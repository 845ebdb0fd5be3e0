/**
 * Properties of synchronization's calendar planning: the chunks of a range cover it exactly, never
 * cross 1 January and stay within the documents a request should carry; a day is looked at on
 * each day after it until its publication window closes, and never twice in the same window;
 * whatever days go without a look, each day is asked again once its publication window has closed;
 * sync_from is a real start; the watermark is the first gap, however the done chunks overlap.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  addDays,
  daysBetween,
  effectiveSyncFrom,
  isCalendarDay,
  KINDS,
  lastEndedDay,
  lookWindow,
  monthsPerChunk,
  planChunks,
  relooks,
  today,
  watermark,
} from './plan.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Days from 2019 to 2030, as `YYYY-MM-DD`. */
const day = fc.integer({ min: 0, max: 4380 }).map((offset) => addDays('2019-01-01', offset));
const range = fc.tuple(day, fc.integer({ min: 0, max: 900 })).map(([from, length]) => ({ from, through: addDays(from, length) }));
const maxMonthly = fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 1_000_000 }));
const instant = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }).map((ms) => new Date(ms));
const now = new Date('2026-07-15T18:00:00Z');

describe('planChunks', () => {
  test('each kind covers the range exactly once, in chunks within one calendar year', () => {
    fc.assert(
      fc.property(range, maxMonthly, (span, monthly) => {
        const chunks = planChunks('fp_x', span, 'backfill', { maxMonthly: monthly, now });
        for (const kind of KINDS) {
          const own = chunks.filter((chunk) => chunk.side === kind.side && chunk.type === kind.type).sort((a, b) => a.first_day.localeCompare(b.first_day));
          assert.equal(own[0]?.first_day, span.from);
          assert.equal(own.at(-1)?.last_day, span.through);
          for (const [index, chunk] of own.entries()) {
            assert.ok(chunk.first_day <= chunk.last_day);
            assert.equal(chunk.first_day.slice(0, 4), chunk.last_day.slice(0, 4), 'never across 1 January');
            if (index > 0) assert.equal(chunk.first_day, addDays(own[index - 1]!.last_day, 1), 'no gap, no overlap');
          }
        }
      }),
    );
  });

  test('a chunk carries at most about 100,000 CFDIs at the declared monthly volume', () => {
    fc.assert(
      fc.property(range, fc.integer({ min: 1, max: 1_000_000 }), (span, monthly) => {
        for (const chunk of planChunks('fp_x', span, 'backfill', { maxMonthly: monthly, now })) {
          const days = daysBetween(chunk.first_day, chunk.last_day) + 1;
          if (monthly <= 100_000) {
            assert.ok(monthly * monthsPerChunk(monthly) <= 100_000);
            assert.ok(days <= 31 * monthsPerChunk(monthly));
          } else {
            // A part of one month: its share of the month's CFDIs, rounded up to whole days.
            assert.equal(chunk.first_day.slice(0, 7), chunk.last_day.slice(0, 7));
            assert.ok(days <= Math.ceil(31 / Math.ceil(monthly / 100_000)), `${monthly}/month over ${days} days`);
          }
        }
      }),
    );
  });

  test('the kinds asked for ask for the same periods, each inside one group of months aligned on 1 January, each chunk planned once with its own id', () => {
    const kinds = fc.subarray([...KINDS], { minLength: 1 });
    // Volumes that group months (2 to 12 a request) as often as volumes that split a month.
    const groupedMonthly = fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 120_000 }), fc.integer({ min: 1, max: 1_000_000 }));
    fc.assert(
      fc.property(range, groupedMonthly, kinds, (span, monthly, asked) => {
        const chunks = planChunks('fp_x', span, 'recheck', { maxMonthly: monthly, now, kinds: asked });
        const months = monthsPerChunk(monthly);
        const periods = (kind: (typeof KINDS)[number]) =>
          chunks
            .filter((chunk) => chunk.side === kind.side && chunk.type === kind.type)
            .map((chunk) => `${chunk.first_day}/${chunk.last_day}`)
            .sort();
        const first = periods(asked[0]!);
        for (const kind of KINDS) assert.deepEqual(periods(kind), asked.includes(kind) ? first : [], `${kind.side} ${kind.type}`);
        assert.equal(chunks.length, first.length * asked.length);
        assert.equal(new Set(chunks.map((chunk) => chunk.id)).size, chunks.length, 'every chunk its own id');
        const group = (day: string) => `${day.slice(0, 4)}:${Math.floor((Number(day.slice(5, 7)) - 1) / months)}`;
        for (const chunk of chunks) {
          assert.equal(group(chunk.first_day), group(chunk.last_day), `${chunk.first_day}..${chunk.last_day} in groups of ${months} months`);
          assert.deepEqual(
            [chunk.purpose, chunk.state, chunk.attempts, chunk.sat_request_root, chunk.next_run_at],
            ['recheck', 'planned', 0, null, now],
            'due at once, never started',
          );
        }
      }),
    );
  });

  test('without a declared volume a year is one request per kind; with one, the months group to stay under the chunk size', () => {
    assert.equal(planChunks('fp_x', { from: '2021-01-01', through: '2026-07-14' }, 'backfill', { maxMonthly: null, now }).length, 6 * KINDS.length);
    assert.deepEqual(
      [null, 1, 8_333, 8_334, 20_000, 30_000, 50_000, 100_000, 150_000].map((monthly) => monthsPerChunk(monthly)),
      [12, 12, 12, 6, 4, 3, 2, 1, 1],
    );
  });
});

describe('looking at new days', () => {
  test('over consecutive days, each day is looked at on each of the relooks + 1 days after it, never twice on one, and the windows differ', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 60 }), (start, lagHours, days) => {
        const looks = new Map<string, number>();
        const windows = new Set<string>();
        let planned = start;
        for (let through = addDays(start, 1); through <= addDays(start, days); through = addDays(through, 1)) {
          const window = lookWindow(planned, through, lagHours, '2000-01-01');
          assert.ok(window);
          assert.ok(!windows.has(`${window.from}/${window.through}`), 'the SAT never sees the same period twice');
          windows.add(`${window.from}/${window.through}`);
          for (let looked = window.from; looked <= window.through; looked = addDays(looked, 1)) looks.set(looked, (looks.get(looked) ?? 0) + 1);
          planned = through;
        }
        // Days whose window closed within the run were looked at once, then once a day until it closed.
        for (let looked = addDays(start, 1); looked <= addDays(start, days - relooks(lagHours)); looked = addDays(looked, 1)) {
          assert.equal(looks.get(looked), relooks(lagHours) + 1, looked);
        }
      }),
    );
  });

  test('whatever days go without a look, every day is asked again after its publication window closes, and no window is asked twice', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 100 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }), (start, lagHours, gaps) => {
        // The day of each look: the last day that ended when the scheduler ran, some days skipped.
        const looks: string[] = [];
        for (const gap of gaps) looks.push(addDays(looks.at(-1) ?? start, gap));
        const lastLook = new Map<string, string>();
        const windows = new Set<string>();
        let planned = start;
        for (const through of looks) {
          const window = lookWindow(planned, through, lagHours, start);
          assert.ok(window, `a look at ${through} after ${planned}`);
          assert.equal(window.through, through, 'every day that ended is asked');
          assert.ok(window.from >= start, 'never a day before the start');
          assert.ok(!windows.has(`${window.from}/${window.through}`), 'the SAT never sees the same period twice');
          windows.add(`${window.from}/${window.through}`);
          for (let looked = window.from; looked <= window.through; looked = addDays(looked, 1)) lastLook.set(looked, through);
          planned = through;
        }
        // A day's publication window has closed by the look `relooks` days after it (the test above counts those looks).
        for (let looked = addDays(start, 1); looked <= addDays(looks.at(-1)!, -relooks(lagHours)); looked = addDays(looked, 1)) {
          const last = lastLook.get(looked);
          assert.ok(last !== undefined && daysBetween(looked, last) >= relooks(lagHours), `${looked} last asked at ${last}`);
        }
      }),
    );
  });

  test('after days without a look, the missed days and those still in their window are asked together', () => {
    assert.deepEqual(lookWindow('2026-07-10', '2026-07-20', 72, '2021-01-01'), { from: '2026-07-08', through: '2026-07-20' });
    assert.deepEqual(lookWindow('2026-07-10', '2026-07-11', 72, '2026-07-10'), { from: '2026-07-10', through: '2026-07-11' });
    assert.equal(lookWindow('2026-07-10', '2026-07-10', 72, '2021-01-01'), undefined, 'nothing new: no look');
  });

  test('lag_days in steady state: 1 once the day that ended is looked at, 2 until then', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const through = lastEndedDay(at);
        assert.equal(daysBetween(through, today(at)), 1);
        assert.equal(daysBetween(lastEndedDay(new Date(at.getTime() - DAY_MS)), today(at)), 2);
      }),
    );
  });
});

describe('sync_from', () => {
  test('a calendar day is one Date.parse gives back unchanged', () => {
    fc.assert(fc.property(day, (value) => assert.ok(isCalendarDay(value))));
    for (const value of ['2026-00-15', '2026-13-01', '2026-99-99', '2026-02-30', '2025-02-29', '2026-04-31', '2026-4-01', ''])
      assert.ok(!isCalendarDay(value), value);
  });

  test('the effective start is the 1st of a month, never before 71 months back nor the SAT first day, never after the month asked', () => {
    fc.assert(
      fc.property(fc.option(day, { nil: undefined }), instant, (requested, at) => {
        const satFirst = `${Number(today(at).slice(0, 4)) - 5}-01-01`;
        const start = effectiveSyncFrom(requested, at, satFirst);
        assert.equal(start.slice(8), '01');
        assert.ok(start >= satFirst);
        if (requested !== undefined && requested >= satFirst) assert.equal(start, `${requested.slice(0, 7)}-01`);
        if (requested === undefined) assert.ok(start <= `${today(at).slice(0, 7)}-01`);
      }),
    );
  });
});

describe('watermark', () => {
  test('over any done chunks, overlapping or not, in any order, it is the day before the first day some kind has not covered', () => {
    // Per kind, chunks that follow one another, some overlapping the one before, some missing, then all of them shuffled.
    const step = fc.record({
      length: fc.integer({ min: 0, max: 20 }),
      overlap: fc.integer({ min: 0, max: 5 }),
      missing: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    });
    const done = fc.tuple(day, fc.integer({ min: 0, max: 3 }), ...KINDS.map(() => fc.array(step, { maxLength: 10 }))).chain(([from, before, ...steps]) => {
      const chunks = steps.flatMap((kindSteps, index) => {
        const kind = KINDS[index]!;
        let next = addDays(from, -before);
        return kindSteps.flatMap(({ length, overlap, missing }) => {
          const first = addDays(next, -overlap);
          const last = addDays(first, overlap + length);
          next = addDays(last, 1);
          return missing ? [] : [{ side: kind.side, type: kind.type, first_day: first, last_day: last }];
        });
      });
      return fc.tuple(fc.constant(from), fc.shuffledSubarray(chunks, { minLength: chunks.length }));
    });
    fc.assert(
      fc.property(done, ([from, chunks]) => {
        // The same, day by day: the first day from `from` that some kind's chunks do not hold.
        const holds = (kind: (typeof KINDS)[number], at: string) =>
          chunks.some((chunk) => chunk.side === kind.side && chunk.type === kind.type && chunk.first_day <= at && at <= chunk.last_day);
        let first = from;
        while (KINDS.every((kind) => holds(kind, first))) first = addDays(first, 1);
        assert.equal(watermark(from, chunks), first === from ? null : addDays(first, -1));
      }),
    );
  });

  test('is the last day every kind covers from the start without a gap', () => {
    fc.assert(
      fc.property(range, maxMonthly, fc.array(fc.nat(), { maxLength: 20 }), (span, monthly, dropped) => {
        const chunks = planChunks('fp_x', span, 'backfill', { maxMonthly: monthly, now });
        const done = chunks.filter((_chunk, index) => !dropped.includes(index));
        const expected = KINDS.map((kind) => {
          const own = chunks.filter((chunk) => chunk.side === kind.side && chunk.type === kind.type).sort((a, b) => a.first_day.localeCompare(b.first_day));
          const gap = own.find((chunk) => !done.includes(chunk));
          return gap ? addDays(gap.first_day, -1) : span.through;
        }).sort()[0]!;
        assert.equal(watermark(span.from, done), expected < span.from ? null : expected);
      }),
    );
  });
});
