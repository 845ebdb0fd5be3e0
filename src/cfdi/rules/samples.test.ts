/**
 * Runs the validator over every CFDI sample of the shared SAT kit with the real SAT catalogs,
 * the real seal verifier (seal.ts) and the real timbre verifier (tfd.ts) with the SAT/PAC
 * certificates at hand. Skipped when ../shared is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packagePath } from '../../platform/runtime/layout.ts';
import { hasShared, satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { CATALOG_NAMES, inMemoryCatalogs, sealVerifier, timbreVerifier, validateCfdi } from './index.ts';
import type { CatalogLookup, CatalogName, CatalogRow, ValidateCfdiOptions, ValidationResult } from './index.ts';
import { openCsd, readCertificate } from '../credentials.ts';
import type { SatCertificate } from '../credentials.ts';
import { parseCfdi } from '../parse.ts';
import { sealComprobanteSync } from '../seal.ts';
import { writeCfdi } from '../writer.ts';
import { comprobante } from './fixtures.test-support.ts';

/** RFC 4180 CSV with a header row (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): CatalogRow[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header = [], ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index] ?? ''])));
}

/**
 * The kit's catalogs keyed by `id`: c_CodigoPostal is keyed by `code`, c_ClaveProdServ is not in
 * the kit (below), c_NumPedimentoAduana is the one shipped with the service, and c_ClaveProdServCP
 * (no sample carries Carta Porte) is left out.
 */
const KEYED: CatalogName[] = CATALOG_NAMES.filter(
  (name) => name !== 'c_ClaveProdServ' && name !== 'c_CodigoPostal' && name !== 'c_NumPedimentoAduana' && name !== 'c_ClaveProdServCP',
);

/** The shipped c_NumPedimentoAduana, each row keyed `aduana-patente-ejercicio` as the service keys it. */
function shippedPedimentos(): CatalogRow[] {
  const text = gunzipSync(fs.readFileSync(path.join(packagePath('sat-catalogs'), 'c_NumPedimentoAduana.csv.gz'))).toString('utf8');
  return parseCsv(text).map((row) => ({ ...row, id: `${row['aduana']}-${row['patente']}-${row['ejercicio']}` }));
}

function loadCatalogs(): CatalogLookup {
  const read = (name: string) => parseCsv(fs.readFileSync(satPath('catalogs', `${name}.csv`), 'utf8'));
  const tables = Object.fromEntries(KEYED.map((name) => [name, { key: 'id', rows: read(name) }]));
  // c_ClaveProdServ is not in the kit (README §7): the validator checks its format and warns.
  return inMemoryCatalogs({
    ...tables,
    c_CodigoPostal: { key: 'code', rows: read('c_CodigoPostal') },
    c_NumPedimentoAduana: { key: 'id', rows: shippedPedimentos() },
  });
}

function loadSatCertificates(): Map<string, SatCertificate> {
  const folder = satPath('credentials', 'sat-pac-certificates');
  return new Map(fs.readdirSync(folder).map((file) => [path.basename(file, '.cer'), readCertificate(fs.readFileSync(path.join(folder, file)))]));
}

function samples(): string[] {
  const root = satPath('samples', 'cfdi40');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.xml'))
    .sort();
}

const ARITHMETIC_CODES = new Set([
  'cfdi.importe_out_of_limits',
  'cfdi.tax_importe_out_of_limits',
  'cfdi.subtotal_mismatch',
  'cfdi.descuento_mismatch',
  'cfdi.total_mismatch',
  'cfdi.impuestos_mismatch',
  'cfdi.total_impuestos_mismatch',
  'cfdi.pagos_saldo_insoluto_mismatch',
  'cfdi.pagos_monto_insufficient',
  'cfdi.pagos_impuestos_p_mismatch',
  'cfdi.pagos_totales_mismatch',
]);

/** Samples valid in every respect (real, PAC-stamped, or sealed with a current CSD). */
const FULLY_VALID = [
  'real/I_CSM190311AH6_2022-01-12_real.xml',
  'real/I_ISD950921HE5_2025-01-24_real.xml',
  'test-stamped/I_EKU9003173C9_2024-06-12_finkok-demo.xml',
  'test-stamped/I_EKU9003173C9_2024-06-15_finkok-demo.xml',
  'test-stamped/I_EKU9003173C9_2025-02-19_test-pac.xml',
  'sealed-no-tfd/E_EKU9003173C9_2025-03-03_generated.xml',
  'sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml',
  'sealed-no-tfd/I_ONO120726RX3_2025-03-03_generated.xml',
  'sealed-no-tfd/I_descuentos_EKU9003173C9_2023-06-18.xml',
  'sealed-no-tfd/P_pagos20_EKU9003173C9_2023-06-13.xml',
];

/** What README §4 says is wrong with each negative (or FIEL-sealed) sample: codes that must appear. */
const EXPECTED_FAILURES: Record<string, { errors: string[]; warnings?: string[] }> = {
  'negative/I_H_E951128469_tampered_seal-fails.xml': { errors: ['cfdi.sello_mismatch'] },
  'negative/I_H_E951128469_sealed-with-FIEL_self-signed-tfd.xml': { errors: ['cfdi.not_a_csd', 'cfdi.tfd_self_signed'] },
  'negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml': { errors: ['cfdi.not_a_csd', 'cfdi.tfd_sello_cfd_mismatch'] },
  'negative/I_JES900109Q90_2022_tfd-sellocfd-mismatch.xml': { errors: ['cfdi.tfd_sello_cfd_mismatch'], warnings: ['cfdi.tfd_certificate_unavailable'] },
  'negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml': {
    errors: ['cfdi.csd_expired', 'cfdi.subtotal_mismatch', 'cfdi.total_mismatch'],
    warnings: ['cfdi.tfd_certificate_unavailable'],
  },
  'negative/N_nomina12_sat-example_unsealed.xml': { errors: ['cfdi.sello_missing', 'cfdi.certificado_missing', 'cfdi.invalid_rfc'] },
  'negative/P_pagos20_unsealed_no-certificado.xml': { errors: ['cfdi.sello_missing', 'cfdi.certificado_missing'] },
  'sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml': { errors: ['cfdi.not_a_csd'] },
  'sealed-no-tfd/P_pagos20_XIQB891116QE4_sealed-with-FIEL.xml': { errors: ['cfdi.not_a_csd'] },
};

/** Negative samples whose numbers are nonsense on purpose (SAT documentation examples). */
const ARITHMETIC_NEGATIVE = new Set(['negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml']);

async function validateAll(): Promise<Map<string, ValidationResult>> {
  const catalogs = loadCatalogs();
  const certificates = loadSatCertificates();
  const options: ValidateCfdiOptions = { catalogs, verifySeal: sealVerifier(), verifyTimbre: timbreVerifier(certificates) };
  const results = new Map<string, ValidationResult>();
  for (const file of samples()) results.set(file, await validateCfdi(fs.readFileSync(satPath('samples', 'cfdi40', file)), options));
  return results;
}

const results = hasShared ? await validateAll() : new Map<string, ValidationResult>();

test('the corpus holds every sample named in the kit README', { skip: skipWithoutShared }, () => {
  assert.deepEqual([...results.keys()].sort(), [...FULLY_VALID, ...Object.keys(EXPECTED_FAILURES)].sort());
});

test('real, PAC-stamped and CSD-sealed samples are valid', { skip: skipWithoutShared }, () => {
  for (const file of FULLY_VALID) {
    const result = results.get(file);
    assert.deepEqual(result?.errors, [], file);
    assert.equal(result?.valid, true, file);
  }
});

test('every sample except the SAT nonsense example is arithmetically valid', { skip: skipWithoutShared }, () => {
  for (const [file, result] of results) {
    if (ARITHMETIC_NEGATIVE.has(file)) continue;
    assert.deepEqual(
      result.errors.filter((error) => ARITHMETIC_CODES.has(error.code)),
      [],
      file,
    );
  }
});

test('negative samples fail with the codes their defects call for', { skip: skipWithoutShared }, () => {
  for (const [file, expected] of Object.entries(EXPECTED_FAILURES)) {
    const result = results.get(file);
    assert.equal(result?.valid, false, file);
    const codes = new Set(result?.errors.map((error) => error.code));
    for (const code of expected.errors) assert.ok(codes.has(code), `${file} lacks ${code}`);
    const warnings = new Set(result?.warnings.map((warning) => warning.code));
    for (const code of expected.warnings ?? []) assert.ok(warnings.has(code), `${file} lacks warning ${code}`);
  }
});

test('stamped samples verify their timbre with the SAT/PAC certificate at hand', { skip: skipWithoutShared }, () => {
  for (const file of FULLY_VALID.filter((name) => !name.startsWith('sealed-no-tfd/'))) {
    const warnings = results.get(file)?.warnings.map((warning) => warning.code) ?? [];
    assert.ok(!warnings.includes('cfdi.tfd_certificate_unavailable') && !warnings.includes('cfdi.tfd_timbre_not_verified'), file);
  }
});

test('CFDI 3.3 and 3.2 samples are rejected as not CFDI 4.0', { skip: skipWithoutShared }, async () => {
  for (const folder of ['cfdi33', 'cfdi32']) {
    for (const file of fs.readdirSync(satPath('samples', folder)).filter((name) => name.endsWith('.xml'))) {
      const result = await validateCfdi(fs.readFileSync(satPath('samples', folder, file)));
      assert.deepEqual(
        result.errors.map((error) => error.code),
        ['cfdi.not_comprobante'],
        file,
      );
    }
  }
});

test('the seal verifier also works from the model alone, without the XML tree', { skip: skipWithoutShared }, async () => {
  for (const file of FULLY_VALID) {
    const { comprobante: model } = parseCfdi(fs.readFileSync(satPath('samples', 'cfdi40', file)));
    const result = await validateCfdi(model, { verifySeal: sealVerifier() });
    assert.deepEqual(
      result.errors.filter((error) => error.code.startsWith('cfdi.sello') || error.code.startsWith('cfdi.csd')),
      [],
      file,
    );
  }
});

test('a CFDI built by computeTotals and sealed with the test CSD is valid; any later change breaks the seal', { skip: skipWithoutShared }, async () => {
  const folder = satPath('credentials', 'EKU9003173C9_CSD_30001000000500003416');
  const read = (name: string) => fs.readFileSync(path.join(folder, name));
  const csd = openCsd(read('EKU9003173C9.cer'), read('EKU9003173C9.key'), read('password.txt').toString('utf8').trim(), {
    now: new Date('2025-03-03T18:00:00Z'),
  });
  const draft = comprobante(undefined, { Emisor: { Rfc: 'EKU9003173C9', Nombre: 'ESCUELA KEMPER URGATE', RegimenFiscal: '601' } });
  const { comprobante: sealed } = sealComprobanteSync(draft, csd);
  const options: ValidateCfdiOptions = { catalogs: loadCatalogs(), verifySeal: sealVerifier(), now: new Date('2025-03-03T18:30:00Z'), stampWindowHours: 72 };
  assert.deepEqual((await validateCfdi(sealed, options)).errors, []);
  assert.deepEqual((await validateCfdi(writeCfdi(sealed), options)).errors, []);
  const tampered = await validateCfdi(writeCfdi({ ...sealed, Total: '1161.00' }), options);
  assert.deepEqual(
    tampered.errors.map((error) => error.code),
    ['cfdi.total_mismatch', 'cfdi.sello_mismatch'],
  );
});
