import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSample } from '../../test/support/sat-samples.ts';
import { skipWithoutShared } from '../../test/support/shared.ts';
import { finishCfdiChecks, readCfdi } from './check.ts';
import { checkOf, validationChecks } from './checks.ts';
import { REMEDIATIONS, type RuleCode } from './rules/codes.ts';
import type { ValidationIssue } from './rules/types.ts';

const issue = (code: RuleCode, path = '/cfdi:Comprobante', message = `${code} here`): ValidationIssue => ({
  code,
  path,
  message,
  remediation: REMEDIATIONS[code],
});

const outcomes = (checks: { id: string; status: string }[]) => Object.fromEntries(checks.map((check) => [check.id, check.status]));

test('a failure fails its check; a check that could not run is not_run, with what would let it run', () => {
  const checks = validationChecks({
    errors: [
      issue('cfdi.total_mismatch'),
      issue('cfdi.subtotal_mismatch'),
      issue('cfdi.tfd_not_verifiable_here', '/cfdi:Comprobante/cfdi:Complemento/tfd:TimbreFiscalDigital/@NoCertificadoSAT', 'not here'),
    ],
    warnings: [issue('cfdi.catalog_not_loaded', '/cfdi:Comprobante', 'c_ClaveProdServ was not checked here.')],
    read: true,
    stamped: true,
  });
  assert.deepEqual(outcomes(checks), {
    document: 'passed',
    structure: 'passed',
    arithmetic: 'failed',
    catalogs: 'passed',
    seal: 'passed',
    timbre: 'not_run',
    sat_status: 'passed',
  });
  const arithmetic = checks.find((check) => check.id === 'arithmetic')!;
  assert.equal(arithmetic.message, 'cfdi.total_mismatch here (and 1 more error)');
  assert.equal(arithmetic.remediation, REMEDIATIONS['cfdi.total_mismatch']);
  assert.deepEqual(arithmetic.codes, ['cfdi.total_mismatch', 'cfdi.subtotal_mismatch']);
  const timbre = checks.find((check) => check.id === 'timbre')!;
  assert.deepEqual([timbre.message, timbre.remediation], ['not here', REMEDIATIONS['cfdi.tfd_not_verifiable_here']]);
  // A warning never fails a check: it is a note on a passed one.
  const catalogs = checks.find((check) => check.id === 'catalogs')!;
  assert.match(catalogs.message, /Note: c_ClaveProdServ was not checked here\.$/);
  assert.equal(catalogs.remediation, null);
});

test('a failure beside a could-not-run in the same check fails it', () => {
  const checks = validationChecks({
    errors: [
      issue('cfdi.tfd_certificate_unreachable', '/cfdi:Comprobante/cfdi:Complemento/tfd:TimbreFiscalDigital/@NoCertificadoSAT'),
      issue('cfdi.tfd_sello_cfd_mismatch', '/cfdi:Comprobante/cfdi:Complemento/tfd:TimbreFiscalDigital/@SelloCFD'),
    ],
    warnings: [],
    read: true,
    stamped: true,
  });
  assert.equal(outcomes(checks).timbre, 'failed');
});

test('nothing after the document check runs on a document that is no CFDI 4.0; nothing after structure on an unreadable Comprobante', () => {
  const notCfdi = validationChecks({ errors: [issue('cfdi.not_comprobante', '/')], warnings: [], read: false, stamped: false });
  assert.deepEqual(Object.values(outcomes(notCfdi)), ['failed', 'not_run', 'not_run', 'not_run', 'not_run', 'not_run', 'not_run']);
  const unreadable = validationChecks({ errors: [issue('cfdi.malformed_xml')], warnings: [], read: false, stamped: true });
  assert.deepEqual(Object.values(outcomes(unreadable)), ['passed', 'failed', 'not_run', 'not_run', 'not_run', 'not_run', 'not_run']);
});

test('an unstamped CFDI has no timbre or status to check; a missing timbre that was required fails', () => {
  const unstamped = outcomes(validationChecks({ errors: [], warnings: [], read: true, stamped: false }));
  assert.deepEqual([unstamped.timbre, unstamped.sat_status], ['not_applicable', 'not_applicable']);
  const required = validationChecks({ errors: [issue('cfdi.no_tfd', '/cfdi:Comprobante/cfdi:Complemento')], warnings: [], read: true, stamped: false });
  assert.deepEqual([outcomes(required).timbre, outcomes(required).sat_status], ['failed', 'not_applicable']);
});

test('a format error inside the timbre belongs to the timbre check, elsewhere to structure', () => {
  assert.equal(checkOf(issue('cfdi.invalid_uuid', '/cfdi:Comprobante/cfdi:Complemento/tfd:TimbreFiscalDigital/@UUID')), 'timbre');
  assert.equal(checkOf(issue('cfdi.invalid_uuid', '/cfdi:Comprobante/cfdi:CfdiRelacionados[1]/cfdi:CfdiRelacionado[1]/@UUID')), 'structure');
  assert.equal(checkOf({ code: 'cfdi.something_new', path: '/' }), 'structure');
});

test('checks are worked out from every issue, also those past the 200 listed', { skip: skipWithoutShared }, async () => {
  const reading = readCfdi(readSample('sealed-no-tfd/I_descuentos_EKU9003173C9_2023-06-18.xml'));
  const flood = Array.from({ length: 250 }, (_, index) => issue('cfdi.malformed_xml', `/cfdi:Comprobante/x[${index + 1}]`));
  const result = await finishCfdiChecks({ ...reading, errors: flood, seal: { ok: false, reason: 'cfdi.sello_mismatch', message: 'Sello does not verify.' } });
  assert.equal(result.errors.length, 200);
  assert.equal(result.errors.at(-1)!.code, 'cfdi.too_many_issues');
  assert.ok(!result.errors.some((error) => error.code === 'cfdi.sello_mismatch'), 'the seal error is past the listed ones');
  assert.equal(outcomes(result.checks).seal, 'failed');
  assert.equal(result.valid, false);
});
