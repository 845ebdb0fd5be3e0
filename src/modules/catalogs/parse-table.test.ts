import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assembleCatalog, contentHash } from './assemble.ts';
import { parseCsv } from './csv.ts';
import { hasNumericCodes } from './catalog-definition.ts';
import { definitionForFileName, definitionOf } from './definitions.ts';
import { parseDate } from './fields.ts';
import { CatalogImportError, parseTable } from './parse-table.ts';

function csvTable(text: string, source = 'test.csv') {
  return { source, rows: parseCsv(text), headerSearch: false };
}

test('file names map to catalogs by their SAT name, the longest name winning', () => {
  assert.equal(definitionForFileName('c_CodigoPostal_Parte_2_catCFDI_V_40_18012022.csv')?.slug, 'codigo_postal');
  assert.equal(definitionForFileName('c_TipoFactor.csv')?.slug, 'tipo_factor');
  assert.equal(definitionForFileName('c_TipoDeComprobante.csv')?.slug, 'tipo_comprobante');
  assert.equal(definitionForFileName('c_usocfdi.CSV')?.slug, 'uso_cfdi');
  assert.equal(definitionForFileName('c_Municipio.csv')?.slug, 'municipio');
  assert.equal(definitionForFileName('c_ClaveUnidadPeso.csv.gz')?.slug, 'clave_unidad_peso');
  assert.equal(definitionForFileName('c_ClaveUnidad.csv.gz')?.slug, 'clave_unidad');
  assert.equal(definitionForFileName('c_Munic.csv'), undefined);
  assert.equal(definitionForFileName('c_MonedaX.csv'), undefined);
});

test('catalogs whose keys are all digits are known as such (a search word with a letter skips their keys)', () => {
  const numeric = ['codigo_postal', 'clave_prod_serv', 'regimen_fiscal', 'forma_pago', 'impuesto', 'meses', 'motivo_cancelacion'] as const;
  const other = ['moneda', 'clave_unidad', 'uso_cfdi', 'tasa_o_cuota', 'tipo_factor', 'estado', 'pais'] as const;
  for (const slug of numeric) assert.equal(hasNumericCodes(definitionOf(slug)), true, slug);
  for (const slug of other) assert.equal(hasNumericCodes(definitionOf(slug)), false, slug);
});

test('headers match with accents, case and punctuation ignored, and unused columns are reported', () => {
  const table = parseTable(
    definitionOf('moneda'),
    csvTable(
      'C_Moneda,Descripción,Decimales,Porcentaje variación,Fecha inicio de vigencia ,Fecha fin de vigencia,Notas\nMXN,Peso Mexicano,2,5,2022-01-01,,x\n',
    ),
  );
  const [entry] = assembleCatalog(definitionOf('moneda'), [table]);
  assert.deepEqual(entry, {
    code: 'MXN',
    description: 'Peso Mexicano',
    valid_from: '2022-01-01',
    valid_to: null,
    data: { decimals: 2, variation_percent: '5' },
  });
  assert.deepEqual(table.ignoredColumns, ['Notas']);
});

test('keys that lost their leading zeros in a spreadsheet get them back', () => {
  const table = parseTable(definitionOf('codigo_postal'), csvTable('c_CodigoPostal,c_Estado,c_Municipio,c_Localidad\n1000,CMX,10,1\n'));
  const [entry] = assembleCatalog(definitionOf('codigo_postal'), [table]);
  assert.equal(entry!.code, '01000');
  assert.equal(entry!.data.municipality, '010');
  assert.equal(entry!.data.locality, '01');
});

test('a header without a required column rejects the file and names the column', () => {
  assert.throws(
    () => parseTable(definitionOf('moneda'), csvTable('id,texto\nMXN,Peso\n', 'c_Moneda.csv')),
    (error: unknown) => error instanceof CatalogImportError && /c_Moneda\.csv: the header \(line 1\) has no column for 'decimals'/.test(error.message),
  );
  assert.throws(
    () => parseTable(definitionOf('moneda'), csvTable('clave moneda,texto,decimales\nMXN,Peso,2\n', 'c_Moneda.csv')),
    (error: unknown) => error instanceof CatalogImportError && /no header row naming the c_Moneda column/.test(error.message),
  );
});

test('one bad row rejects the whole file with its line number', () => {
  const cases: [string, RegExp][] = [
    ['id,texto,decimales\nMXN,Peso,2\nUSD,Dólar,dos\n', /line 3, column 'decimals': 'dos' is not a whole number/],
    ['id,texto,decimales\nMXN,Peso,2\nUS,Dólar,2\n', /line 3: 'US' is not a valid c_Moneda key/],
    ['id,texto,decimales\nMXN,Peso,2\nMXN,Peso otra vez,2\n', /line 3: key 'MXN' repeats line 2/],
    ['id,texto,decimales\nMXN,Peso,2,extra\n', /line 2: 4 fields where the header has 3/],
    ['id,texto,decimales\nMXN,,2\n', /line 2, column 'description': is required but empty/],
    ['id,texto,decimales,vigencia_desde\nMXN,Peso,2,2022-02-30\n', /'2022-02-30' is not a valid calendar date/],
    ['id,texto,decimales\n', /no rows after the header/],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parseTable(definitionOf('moneda'), csvTable(text)),
      (error: unknown) => error instanceof CatalogImportError && message.test(error.message),
      text,
    );
  }
});

test('dates are read from ISO text and from the M/D/YY of US-locale exports', () => {
  assert.equal(parseDate('2022-01-01'), '2022-01-01');
  assert.equal(parseDate('2022-01-01T00:00:00.000Z'), '2022-01-01');
  assert.equal(parseDate('1/1/22'), '2022-01-01');
  assert.equal(parseDate('12/31/2024'), '2024-12-31');
  assert.equal(parseDate(''), null);
  assert.throws(() => parseDate('31/12/2024'));
  assert.throws(() => parseDate('ayer'));
});

test('c_TasaOCuota rows get stable keys; fixed rates and ranges keep their bounds', () => {
  const text =
    'tipo,minimo,valor,impuesto,factor,traslado,retencion,vigencia_desde,vigencia_hasta\n' +
    'Fijo,,0.160000,IVA,Tasa,1,,2022-01-01,\nRango,0.000000,0.160000,IVA,Tasa,,1,2022-01-01,\nFijo,,0.080000,IVA Crédito aplicado del 50%,Tasa,1,,2022-01-01,\n';
  const entries = assembleCatalog(definitionOf('tasa_o_cuota'), [parseTable(definitionOf('tasa_o_cuota'), csvTable(text))]);
  assert.deepEqual(
    entries.map((entry) => entry.code),
    ['iva-tasa-0.000000-0.160000', 'iva-tasa-0.160000', 'iva_credito_aplicado_del_50-tasa-0.080000'],
  );
  assert.deepEqual(entries[0]!.data, {
    kind: 'range',
    tax: 'IVA',
    tax_code: '002',
    factor: 'Tasa',
    minimum: '0.000000',
    maximum: '0.160000',
    value: null,
    transfer: false,
    withholding: true,
  });
  assert.equal(entries[2]!.data.tax_code, '002');
  assert.throws(() => parseTable(definitionOf('tasa_o_cuota'), csvTable(text.replace('Rango,', 'Intervalo,'))), CatalogImportError);
});

test("the SAT workbook's Sí/No/Opcional columns read as the phpcfdi export writes them", () => {
  const definition = definitionOf('forma_pago');
  const header = 'c_FormaPago,Descripción,Bancarizado,Número de operación,RFC del Emisor de la cuenta ordenante,Cuenta Ordenante,Patrón para cuenta ordenante';
  const [entry] = assembleCatalog(definition, [
    parseTable(definition, csvTable(`${header}\n2,Cheque nominativo,Sí,Opcional,Opcional,Opcional,[0-9]{11}|[0-9]{18}\n`)),
  ]);
  assert.equal(entry!.code, '02');
  assert.equal(entry!.data.banked, true);
  assert.equal(entry!.data.requires_operation_number, false);
  assert.equal(entry!.data.allows_payer_bank_rfc, true);
  assert.equal(entry!.data.payer_account_pattern, '[0-9]{11}|[0-9]{18}');
  assert.equal(entry!.data.allows_payee_account, false, 'a column the file lacks reads as an empty cell');
});

test('tables of one catalog merge by key: the first non-empty value of each column wins', () => {
  const definition = definitionOf('codigo_postal');
  const full = parseTable(definition, csvTable('id,code,state_code,municipality_code,locality_code\nx1,64280,NLE,039,07\nx2,06600,CMX,015,06\n', 'full.csv'));
  const part = parseTable(
    definition,
    csvTable('c_CodigoPostal,c_Estado,c_Municipio,c_Localidad,Descripción del Huso Horario\n64280,NLE,040,,Tiempo del Centro en Frontera\n', 'part.csv'),
  );
  const entries = assembleCatalog(definition, [full, part]);
  assert.deepEqual(
    entries.map((entry) => [entry.code, entry.data.municipality, entry.data.time_zone, entry.data.time_zone_source]),
    [
      ['06600', '015', 'America/Mexico_City', 'state'],
      ['64280', '039', 'America/Matamoros', 'sat_description'],
    ],
  );
  assert.notEqual(contentHash(entries), contentHash(assembleCatalog(definition, [full])));
});
