import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import { cfdi40Samples, credentialFiles, readSample, sampleCadena, samplePath, satPacCertificatesDir } from '../../test/support/sat-samples.ts';
import { runCfdiCommand } from './cli.ts';
import type { CfdiCommandIo } from './cli.ts';
import { inMemoryCatalogs } from './rules/index.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  reads: string[];
}

/** Runs the command against the real files, with `virtual` files and directories layered on top. */
interface Virtual {
  files?: Record<string, Buffer | string>;
  dirs?: Record<string, string[]>;
  extra?: Pick<CfdiCommandIo, 'now' | 'catalogs'>;
}

async function run(args: string[], virtual: Virtual = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const reads: string[] = [];
  const io: CfdiCommandIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += `${text}\n`),
    readFile: async (file) => {
      reads.push(file);
      const content = virtual.files?.[file];
      if (content !== undefined) return Buffer.from(content);
      return fs.promises.readFile(file);
    },
    readDir: async (directory) => virtual.dirs?.[directory] ?? fs.promises.readdir(directory),
    ...virtual.extra,
  };
  const code = await runCfdiCommand(args, io);
  return { code, stdout, stderr, reads };
}

function assertOneLineError(result: Run, pattern: RegExp): void {
  assert.equal(result.code, 2);
  assert.equal(result.stdout, '');
  const first = result.stderr.split('\n')[0]!;
  assert.match(first, pattern);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

test('cfdi cadena prints the SAT cadena of every sample', { skip: skipWithoutShared }, async () => {
  for (const sample of cfdi40Samples) {
    const result = await run(['cadena', samplePath(sample.file)]);
    assert.equal(result.code, 0, sample.file);
    assert.equal(result.stdout, `${sampleCadena(sample.file)}\n`, sample.file);
  }
  // The binary may pass its own command name along.
  assert.equal((await run(['cfdi', 'cadena', samplePath(cfdi40Samples[0]!.file)])).code, 0);
});

test('cfdi verify with the SAT/PAC certificates: exit codes and JSON per sample', { skip: skipWithoutShared }, async () => {
  // The same checks as `validate` and the API decide: a FIEL seal fails, and so does a timbre
  // whose SAT/PAC certificate is not in the directory (it cannot be trusted).
  const failing = new Set([
    ...cfdi40Samples.filter((sample) => sample.certificateKind === 'fiel').map((sample) => sample.file),
    'negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml',
    'negative/I_H_E951128469_tampered_seal-fails.xml', // Sello mismatch
    'negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml', // SelloCFD ≠ Sello
    'negative/I_JES900109Q90_2022_tfd-sellocfd-mismatch.xml', // SelloCFD ≠ Sello
    'negative/N_nomina12_sat-example_unsealed.xml',
    'negative/P_pagos20_unsealed_no-certificado.xml',
  ]);
  for (const sample of cfdi40Samples) {
    const result = await run(['verify', samplePath(sample.file), '--sat-certs', satPacCertificatesDir()]);
    const report = JSON.parse(result.stdout);
    assert.equal(result.code, failing.has(sample.file) ? 1 : 0, `${sample.file}: ${result.stdout}`);
    assert.equal(report.ok, !failing.has(sample.file));
    assert.equal(report.sello.ok, sample.seal === 'valid', sample.file);
    if (sample.tfd === undefined) {
      assert.equal(report.timbre, null);
    } else {
      const expected = sample.tfd.outcome === 'valid' ? 'valid' : sample.tfd.selloCfdMatches ? 'unverified' : 'invalid';
      assert.equal(report.timbre.status, expected, sample.file);
      assert.equal(report.timbre.noCertificadoSat, sample.tfd.noCertificadoSat);
      assert.equal(report.timbre.selloCfdMatches, sample.tfd.selloCfdMatches);
    }
  }
});

test('cfdi verify without --sat-certs: the timbre is not verifiable here, never ok, and it says why', { skip: skipWithoutShared }, async () => {
  const result = await run(['verify', samplePath('real/I_ISD950921HE5_2025-01-24_real.xml')]);
  assert.equal(result.code, 3);
  const report = JSON.parse(result.stdout);
  assert.equal(report.ok, false);
  assert.equal(report.timbre.status, 'unverified');
  assert.equal(report.timbre.reason, 'cfdi.tfd_not_verifiable_here');
  assert.match(report.timbre.message, /no --sat-certs directory was given/);
  assert.deepEqual(
    report.checks.map((check: { id: string; status: string }) => [check.id, check.status]),
    [
      ['seal', 'passed'],
      ['timbre', 'not_run'],
    ],
  );
  assert.deepEqual(codes(report.errors), ['cfdi.tfd_not_verifiable_here']);
  assert.equal(report.sello.certificate.serialNumber, '00001000000510877575');
});

/** The real sample with one character of its SelloSAT changed: a forged timbre. */
function forgedSelloSat(): string {
  const xml = readSample('real/I_ISD950921HE5_2025-01-24_real.xml').toString('utf8');
  const forged = xml.replace(/SelloSAT="([A-Za-z0-9+/])/, (_whole, first: string) => `SelloSAT="${first === 'A' ? 'B' : 'A'}`);
  assert.notEqual(forged, xml);
  return forged;
}

test('a forged SelloSAT passes neither verify nor validate, with or without --sat-certs', { skip: skipWithoutShared }, async () => {
  const file = '/virtual/forged.xml';
  const files = { [file]: forgedSelloSat() };
  for (const command of ['verify', 'validate']) {
    const unverified = await run([command, file], { files });
    assert.equal(unverified.code, 3, `${command}: ${unverified.stdout}`);
    const report = JSON.parse(unverified.stdout);
    assert.equal(report.ok ?? report.valid, false, command);
    assert.ok(codes(report.errors).includes('cfdi.tfd_not_verifiable_here'), command);
    const checked = await run([command, file, '--sat-certs', satPacCertificatesDir()], { files });
    assert.equal(checked.code, 1, `${command} with the certificate: ${checked.stdout}`);
    assert.ok(codes(JSON.parse(checked.stdout).errors).includes('cfdi.tfd_sello_sat_mismatch'), command);
  }
});

test('a certificate directory is trusted as given: the self-made timbre verifies only with the emisor’s FIEL there', { skip: skipWithoutShared }, async () => {
  const directory = '/virtual/certs';
  const fiel = credentialFiles('expired/H_E951128469_FIEL_30001000000400002460').certificate;
  const virtual = { dirs: { [directory]: ['30001000000400002460.cer'] }, files: { [path.join(directory, '30001000000400002460.cer')]: fiel } };
  const selfMade = await run(['verify', samplePath('negative/I_H_E951128469_sealed-with-FIEL_self-signed-tfd.xml'), `--sat-certs=${directory}`], virtual);
  assert.equal(JSON.parse(selfMade.stdout).timbre.status, 'valid');
  assert.deepEqual(
    JSON.parse(selfMade.stdout).sello.warnings.map((warning: { code: string }) => warning.code),
    ['cfdi.not_a_csd'],
  );
  const tampered = await run(['verify', samplePath('negative/I_H_E951128469_tampered_seal-fails.xml'), '--sat-certs', directory], virtual);
  assert.equal(tampered.code, 1);
  const report = JSON.parse(tampered.stdout);
  assert.deepEqual([report.sello.reason, report.timbre.reason], ['cfdi.sello_mismatch', 'cfdi.tfd_sello_sat_mismatch']);
});

test('a NoCertificadoSAT that is not a number never becomes a path', { skip: skipWithoutShared }, async () => {
  const file = '/virtual/odd.xml';
  const xml = readSample('real/I_ISD950921HE5_2025-01-24_real.xml')
    .toString('utf8')
    .replace('NoCertificadoSAT="00001000000708361114"', 'NoCertificadoSAT="../../../etc/passwd"');
  const result = await run(['verify', file, '--sat-certs', satPacCertificatesDir()], { files: { [file]: xml } });
  assert.equal(JSON.parse(result.stdout).timbre.status, 'unverified');
  assert.deepEqual(result.reads, [file]);
});

test('bad input: one line on stderr, exit 2, no stack trace', { skip: skipWithoutShared }, async () => {
  const files = { '/virtual/garbage.xml': 'not xml at all', '/virtual/doctype.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>' };
  assertOneLineError(await run(['cadena', '/nonexistent/file.xml']), /cannot read file \/nonexistent\/file\.xml \(ENOENT\)/);
  assertOneLineError(await run(['verify', '/virtual/garbage.xml'], { files }), /cfdi\.parse_error/);
  assertOneLineError(await run(['verify', '/virtual/doctype.xml'], { files }), /cfdi\.doctype_forbidden/);
  assertOneLineError(await run(['cadena', satPath('samples', 'cfdi33', 'I_POT9207213D6_2018-01-12_real.xml')]), /cfdi\.not_comprobante/);
  assertOneLineError(await run(['verify', samplePath(cfdi40Samples[0]!.file), '--sat-certs', '/nonexistent/dir']), /cannot read directory/);
  const badCertificate = { dirs: { '/v': ['00001000000708361114.cer'] }, files: { '/v/00001000000708361114.cer': 'garbage' } };
  assertOneLineError(
    await run(['verify', samplePath(cfdi40Samples[0]!.file), '--sat-certs', '/v'], badCertificate),
    /^cfdi: \/v\/00001000000708361114\.cer: The data is not an X\.509 certificate\.$/,
  );
});

test('usage errors exit 2 and print the usage; help exits 0', async () => {
  for (const args of [[], ['frobnicate'], ['cadena'], ['cadena', 'a.xml', 'b.xml'], ['verify', 'a.xml', '--nope'], ['verify', 'a.xml', '--sat-certs']]) {
    const result = await run(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, /Usage: invoicing cfdi/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  }
  const help = await run(['help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /cadena FILE/);
});

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

const outcomes = (report: { checks: { id: string; status: string }[] }) => Object.fromEntries(report.checks.map((check) => [check.id, check.status]));

test('cfdi validate runs the rules with the seal and timbre verifiers wired in', { skip: skipWithoutShared }, async () => {
  const certificates = ['--sat-certs', satPacCertificatesDir()];
  // A genuine CFDI: every check that can run here passes; the live status is never asked here,
  // so it is not verifiable here (exit 3), which is not invalid (exit 1).
  const real = await run(['validate', samplePath('real/I_ISD950921HE5_2025-01-24_real.xml'), ...certificates]);
  const report = JSON.parse(real.stdout);
  assert.deepEqual([real.code, report.valid, codes(report.errors)], [3, false, ['cfdi.status_not_verifiable_here']]);
  assert.deepEqual(outcomes(report), {
    document: 'passed',
    structure: 'passed',
    arithmetic: 'passed',
    catalogs: 'passed',
    seal: 'passed',
    timbre: 'passed',
    sat_status: 'not_run',
  });
  const status = report.checks.find((check: { id: string }) => check.id === 'sat_status');
  assert.match(status.message, /does not ask the SAT/);
  assert.match(status.remediation, /live key/);
  // Without the certificate directory the timbre cannot be checked either, and the result says so.
  const unchecked = JSON.parse((await run(['validate', samplePath('real/I_ISD950921HE5_2025-01-24_real.xml')])).stdout);
  assert.deepEqual(codes(unchecked.errors), ['cfdi.tfd_not_verifiable_here', 'cfdi.status_not_verifiable_here']);
  assert.equal(outcomes(unchecked).timbre, 'not_run');
  // A sealed CFDI that is not stamped has no timbre or status to check: valid.
  const sealed = await run(['validate', samplePath('sealed-no-tfd/I_descuentos_EKU9003173C9_2023-06-18.xml')]);
  const sealedReport = JSON.parse(sealed.stdout);
  assert.deepEqual([sealed.code, sealedReport.valid, sealedReport.errors], [0, true, []]);
  assert.deepEqual([outcomes(sealedReport).timbre, outcomes(sealedReport).sat_status], ['not_applicable', 'not_applicable']);

  const tampered = await run(['validate', samplePath('negative/I_H_E951128469_tampered_seal-fails.xml'), ...certificates]);
  assert.equal(tampered.code, 1);
  assert.ok(codes(JSON.parse(tampered.stdout).errors).includes('cfdi.sello_mismatch'));
  assert.equal(outcomes(JSON.parse(tampered.stdout)).seal, 'failed');
  const fiel = await run(['validate', samplePath('sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml'), ...certificates]);
  assert.deepEqual([fiel.code, codes(JSON.parse(fiel.stdout).errors)], [1, ['cfdi.not_a_csd']]);
  assertOneLineError(await run(['validate', '/nonexistent.xml']), /cannot read file/);
});

test('cfdi validate takes the clock and the catalogs from its caller', { skip: skipWithoutShared }, async () => {
  const file = samplePath('real/I_ISD950921HE5_2025-01-24_real.xml');
  const before = await run(['validate', file], { extra: { now: () => new Date('2025-01-01T00:00:00Z') } });
  assert.equal(before.code, 1);
  assert.ok(codes(JSON.parse(before.stdout).errors).includes('cfdi.fecha_in_future'));
  const plain = JSON.parse((await run(['validate', file])).stdout);
  const catalogs = inMemoryCatalogs({ c_Moneda: { key: 'id', rows: [{ id: 'MXN', decimales: '2' }] } });
  const withCatalog = JSON.parse((await run(['validate', file], { extra: { catalogs } })).stdout);
  const missing = (report: { warnings: { code: string }[] }) => codes(report.warnings).filter((code) => code === 'cfdi.catalog_not_loaded').length;
  assert.equal(missing(withCatalog), missing(plain) - 1);
});

test('cfdi validate reports any XML document and stops only on bytes that are none, as the API does', async () => {
  const files = {
    '/virtual/root.xml': '<root/>',
    '/virtual/doctype.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
    '/virtual/garbage.xml': 'not xml',
  };
  const root = await run(['validate', '/virtual/root.xml'], { files });
  assert.deepEqual([root.code, codes(JSON.parse(root.stdout).errors)], [1, ['cfdi.not_comprobante']]);
  const doctype = await run(['validate', '/virtual/doctype.xml'], { files });
  assert.deepEqual([doctype.code, codes(JSON.parse(doctype.stdout).errors)], [1, ['cfdi.doctype_forbidden']]);
  assertOneLineError(await run(['validate', '/virtual/garbage.xml'], { files }), /cfdi\.parse_error/);
});
