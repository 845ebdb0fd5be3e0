import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDateTime } from '../cfdi/local-time.ts';
import { localTime } from './local-time.ts';

test('answers what localDateTime answers, across zones, DST changes, fractions of a second and dates before 1970', () => {
  const zones = ['America/Mexico_City', 'America/Tijuana', 'America/Cancun', 'UTC'];
  // 2022-04-03 and 2022-10-30: Mexico's last DST changes; Tijuana keeps them (US rules).
  const instants = [Date.UTC(2022, 3, 3, 7, 59, 59, 999), Date.UTC(2022, 3, 3, 8, 0, 0, 1), Date.UTC(2022, 9, 30, 6, 30), Date.UTC(2026, 6, 15, 12, 0, 0, 500), -1, -86_400_001, 0];
  for (let round = 0; round < 2; round += 1) {
    for (const zone of zones) {
      for (const ms of instants) assert.equal(localTime(new Date(ms), zone), localDateTime(new Date(ms), zone), `${zone} ${ms}`);
    }
  }
  for (let ms = 0; ms < 10_000; ms += 137) assert.equal(localTime(new Date(1_700_000_000_000 + ms), 'America/Mexico_City'), localDateTime(new Date(1_700_000_000_000 + ms), 'America/Mexico_City'));
});
