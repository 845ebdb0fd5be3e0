import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Comprobante } from '../../cfdi/model.ts';
import { addBusinessHours, needsAcceptance, nextBusinessDay } from './cancellation-rules.ts';

const ZONE = 'America/Mexico_City';
const base = {
  TipoDeComprobante: 'I',
  Total: '2320.00',
  Fecha: '2026-07-15T11:00:00',
  Receptor: { Rfc: 'MCI7306249Y1' },
} as unknown as Comprobante;
const friday = new Date('2026-07-17T16:00:00Z');

function decide(overrides: Record<string, unknown>, at = friday): boolean {
  return needsAcceptance({ ...base, ...overrides } as Comprobante, at, ZONE).needed;
}

test('RMF 2.7.1.35: which cancellations need no acceptance', () => {
  assert.equal(decide({}), true);
  assert.equal(decide({ Total: '1000.00' }), false, 'I: up to $1,000');
  assert.equal(decide({ Total: '1000.01' }), true);
  assert.equal(decide({ Total: '60.00', Moneda: 'USD', TipoCambio: '18.50' }), true, 'I: the limit is in pesos');
  assert.equal(decide({ Total: '50.00', Moneda: 'USD', TipoCambio: '18.50' }), false);
  assert.equal(decide({ TipoDeComprobante: 'P', Total: '0' }), true, 'I: a Pagos CFDI is excluded from the amount rule');
  assert.equal(decide({ TipoDeComprobante: 'N' }), false, 'II: nómina');
  assert.equal(decide({ TipoDeComprobante: 'E' }), false, 'III: egreso');
  assert.equal(decide({ TipoDeComprobante: 'T' }), false, 'IV: traslado');
  assert.equal(decide({ Receptor: { Rfc: 'XAXX010101000' } }), false, 'VII: público en general');
  assert.equal(decide({ Receptor: { Rfc: 'XEXX010101000' } }), false, 'VIII: extranjero');
  assert.equal(decide({}, new Date('2026-07-17T05:59:59Z')), false, 'IX: until the end of the next business day (Thursday 23:59:59)');
  assert.equal(decide({}, new Date('2026-07-17T06:00:00Z')), true);
  assert.equal(decide({ Fecha: '2026-07-17T11:00:00' }, new Date('2026-07-20T20:00:00Z')), false, 'IX: a Friday CFDI may be cancelled on Monday');
});

test('business days skip weekends', () => {
  assert.equal(nextBusinessDay('2026-07-15T11:00:00'), '2026-07-16');
  assert.equal(nextBusinessDay('2026-07-17T11:00:00'), '2026-07-20');
  assert.equal(nextBusinessDay('2026-07-18'), '2026-07-20');
});

test('72 business hours from a Friday morning end on Wednesday morning; from a Saturday, on Wednesday midnight', () => {
  assert.equal(addBusinessHours(friday, 72, ZONE).toISOString(), '2026-07-22T16:00:00.000Z');
  assert.equal(addBusinessHours(new Date('2026-07-18T16:00:00Z'), 72, ZONE).toISOString(), '2026-07-23T06:00:00.000Z');
  assert.equal(addBusinessHours(new Date('2026-07-15T16:00:00Z'), 24, ZONE).toISOString(), '2026-07-16T16:00:00.000Z');
});
