import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instantOf, localDate, localDateTime, MEXICO_CITY_TIME_ZONE } from './local-time.ts';

// Straight from Intl, with nothing cached: what every answer must equal.
function intlLocal(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

// Mexico's zones, a US-rule border zone, and zones whose offsets or changes are not whole hours.
const zones = [MEXICO_CITY_TIME_ZONE, 'America/Tijuana', 'America/Cancun', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns'];

test("local wall-clock time equals Intl's across zones, DST changes, fractions of a second and dates before 1970", () => {
  // 2022-04-03 and 2022-10-30: Mexico's last DST changes; Tijuana keeps them (US rules).
  const edges = [
    Date.UTC(2022, 3, 3, 7, 59, 59, 999),
    Date.UTC(2022, 3, 3, 8, 0, 0, 1),
    Date.UTC(2022, 9, 30, 6, 30),
    Date.UTC(2026, 6, 15, 12, 0, 0, 500),
    -1,
    -86_400_001,
    0,
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const random = Array.from({ length: 3_000 }, () => Math.floor(-2e12 + next() * 4e12));
  for (let round = 0; round < 2; round += 1) {
    for (const zone of zones) {
      for (const ms of [...edges, ...random]) assert.equal(localDateTime(new Date(ms), zone), intlLocal(ms, zone), `${zone} ${ms}`);
    }
  }
});

test('every second of an hour with a DST change is exact, including half-hour changes', () => {
  // Lord Howe moves its clocks by 30 minutes; Mexico City's last change moved them by an hour.
  const hours = [
    [Date.UTC(2022, 3, 3, 7), MEXICO_CITY_TIME_ZONE],
    [Date.UTC(2026, 3, 4, 15), 'Australia/Lord_Howe'],
    [Date.UTC(2026, 9, 3, 15), 'Australia/Lord_Howe'],
  ] as const;
  for (const [start, zone] of hours) {
    for (let ms = start - 3_600_000; ms < start + 7_200_000; ms += 1_000) assert.equal(localDateTime(new Date(ms), zone), intlLocal(ms, zone), `${zone} ${ms}`);
  }
});

test('instantOf inverts localDateTime (the later instant in a repeated hour) and dates read in the zone', () => {
  for (const zone of zones) {
    for (let ms = Date.UTC(2021, 0, 1); ms < Date.UTC(2023, 0, 1); ms += 7_777_777_000) {
      const local = localDateTime(new Date(ms), zone);
      assert.equal(localDateTime(instantOf(local, zone), zone), local, `${zone} ${local}`);
    }
  }
  assert.equal(instantOf('2026-11-24T18:30:00', MEXICO_CITY_TIME_ZONE).toISOString(), '2026-11-25T00:30:00.000Z');
  assert.ok(Number.isNaN(instantOf('not a date', MEXICO_CITY_TIME_ZONE).getTime()));
  assert.equal(localDate(new Date('2026-11-25T05:59:59Z'), MEXICO_CITY_TIME_ZONE), '2026-11-24');
  assert.equal(localDate(new Date('2026-11-25T06:00:00Z'), MEXICO_CITY_TIME_ZONE), '2026-11-25');
});
