import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Issues } from './types.ts';

test('hasErrorAt is true at an error path and at each of its ancestors, never at a sibling that shares a prefix', () => {
  const issues = new Issues();
  issues.error('cfdi.unknown_currency', '/cfdi:Comprobante/cfdi:Complemento/pago20:Pagos/pago20:Pago[1]/pago20:DoctoRelacionado[8]/@MonedaDR', 'x');
  const docto = '/cfdi:Comprobante/cfdi:Complemento/pago20:Pagos/pago20:Pago[1]/pago20:DoctoRelacionado[8]';
  assert.equal(issues.hasErrorAt(`${docto}/@MonedaDR`), true);
  assert.equal(issues.hasErrorAt(docto), true);
  assert.equal(issues.hasErrorAt('/cfdi:Comprobante'), true);
  assert.equal(issues.hasErrorAt('/cfdi:Comprobante/cfdi:Complemento/pago20:Pagos/pago20:Pago[1]/pago20:DoctoRelacionado[80]'), false);
  assert.equal(issues.hasErrorAt(`${docto}/@MonedaDR/x`), false);
  assert.equal(issues.hasErrorAt('/cfdi:Comprobante/cfdi:Emisor'), false);
  issues.add({ code: 'cfdi.sello_mismatch', path: '/cfdi:Comprobante/@Sello', message: 'y', remediation: 'z' });
  assert.equal(issues.hasErrorAt('/cfdi:Comprobante/@Sello'), true);
  assert.equal(issues.errors.length, 2);
});

test('a warning is kept once per code, path and message', () => {
  const issues = new Issues();
  issues.warn('cfdi.catalog_not_loaded', '/cfdi:Comprobante', 'c_Moneda is not loaded');
  issues.warn('cfdi.catalog_not_loaded', '/cfdi:Comprobante', 'c_Moneda is not loaded');
  issues.warn('cfdi.catalog_not_loaded', '/cfdi:Comprobante', 'c_Pais is not loaded');
  assert.equal(issues.warnings.length, 2);
});
