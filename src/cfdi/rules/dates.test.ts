import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDateTime, STAMP_WINDOW_HOURS, validateComprobante } from './index.ts';
import type { ValidateCfdiOptions } from './index.ts';
import { inMemoryCatalogs } from './catalog-lookup.ts';
import { CATALOGS, comprobante, errorsOf } from './fixtures.test-support.ts';

const FECHA = '/cfdi:Comprobante/@Fecha';
// The reference CFDI has Fecha 2025-03-03T12:00:00, local time of Mexico City (UTC-6, no DST).

function errors(options: ValidateCfdiOptions): string[] {
  return errorsOf(validateComprobante(comprobante(), { catalogs: CATALOGS, ...options }));
}

test('localDateTime renders an instant as the wall clock of a zone', () => {
  assert.equal(localDateTime(new Date('2025-03-03T18:00:00Z'), 'America/Mexico_City'), '2025-03-03T12:00:00');
  assert.equal(localDateTime(new Date('2025-07-01T07:30:05Z'), 'America/Tijuana'), '2025-07-01T00:30:05');
  assert.equal(localDateTime(new Date('2025-01-01T05:59:59Z'), 'America/Mexico_City'), '2024-12-31T23:59:59');
});

test('a Fecha later than the local time at LugarExpedicion is in the future', () => {
  assert.deepEqual(errors({ now: new Date('2025-03-03T17:59:59Z') }), [`cfdi.fecha_in_future@${FECHA}`]);
  assert.deepEqual(errors({ now: new Date('2025-03-03T18:00:00Z') }), []);
  assert.deepEqual(errors({ now: new Date('2025-03-03T17:58:00Z'), futureToleranceSeconds: 120 }), []);
  // In Tijuana (UTC-8) 12:00 local is 20:00 UTC.
  assert.deepEqual(errors({ now: new Date('2025-03-03T19:00:00Z'), timeZone: 'America/Tijuana' }), [`cfdi.fecha_in_future@${FECHA}`]);
});

test('stampability: Fecha at most 72 hours old, only when the window is asked for', () => {
  const limit = new Date(Date.parse('2025-03-03T18:00:00Z') + STAMP_WINDOW_HOURS * 3_600_000);
  assert.deepEqual(errors({ now: limit, stampWindowHours: STAMP_WINDOW_HOURS }), []);
  assert.deepEqual(errors({ now: new Date(limit.getTime() + 1000), stampWindowHours: STAMP_WINDOW_HOURS }), [`cfdi.fecha_too_old@${FECHA}`]);
  assert.deepEqual(errors({ now: new Date(limit.getTime() + 1000) }), []);
});

test('without now no date-window rule runs', () => {
  assert.deepEqual(errors({ stampWindowHours: 72 }), []);
});

test('the zone of LugarExpedicion comes from c_CodigoPostal when the option does not name one', () => {
  const catalogs = inMemoryCatalogs({
    c_CodigoPostal: {
      key: 'id',
      rows: [
        { id: '06600', huso_horario: 'America/Tijuana' },
        { id: '54700', huso_horario: 'Tiempo del Centro' },
      ],
    },
  });
  const model = comprobante();
  // 19:00 UTC is 11:00 in Tijuana (UTC-8): Fecha 12:00 is still in the future there.
  assert.deepEqual(errorsOf(validateComprobante(model, { catalogs, now: new Date('2025-03-03T19:00:00Z') })), [`cfdi.fecha_in_future@${FECHA}`]);
  assert.deepEqual(errorsOf(validateComprobante(model, { catalogs, now: new Date('2025-03-03T19:00:00Z'), timeZone: 'America/Mexico_City' })), []);
  // A zone that is not IANA falls back to Mexico City.
  assert.deepEqual(errorsOf(validateComprobante({ ...model, LugarExpedicion: '54700' }, { catalogs, now: new Date('2025-03-03T19:00:00Z') })), []);
});
