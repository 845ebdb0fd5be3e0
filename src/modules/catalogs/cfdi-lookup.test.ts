import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateComprobante } from '../../cfdi/rules/index.ts';
import { comprobante } from '../../cfdi/rules/fixtures.test-support.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { createCatalogStore, type CatalogStore } from './catalog-store.ts';
import { getCatalogEntry } from './read-catalogs.ts';
import { writeCatalogs } from './store.ts';

// The store handed to the CFDI validator as its CatalogLookup, end to end.
describe("the catalog store as the CFDI engine's lookup", () => {
  let database: DatabaseHandle;
  let store: CatalogStore;
  const at = new Date('2026-07-15T12:00:00Z');
  const codes = (issues: { code: string; path: string }[]) => issues.map((issue) => `${issue.code}@${issue.path.replace('/cfdi:Comprobante', '')}`);

  before(async () => {
    database = await openTestDatabase();
    await migrate(database);
    store = await createCatalogStore(database.db, { clock: { now: () => at } });
  });
  after(() => database.close());

  test('with only the built-in catalogs, a valid CFDI passes and the unimported catalogs are named in a warning', () => {
    const result = validateComprobante(comprobante(), { catalogs: store });
    assert.deepEqual(result.errors, []);
    const warned = result.warnings.filter((warning) => warning.code === 'cfdi.catalog_not_loaded').map((warning) => warning.message.split(' ')[0]);
    assert.deepEqual([...new Set(warned)].sort(), ['c_ClaveProdServ', 'c_ClaveUnidad', 'c_CodigoPostal']);
  });

  test("built-in compatibility rules reject a use the receptor's régimen does not allow and a rate the catalog lacks", () => {
    const wrongUse = comprobante(undefined, {
      Receptor: { Rfc: 'MCI7306249Y1', Nombre: 'MUNICIPIO', DomicilioFiscalReceptor: '54700', RegimenFiscalReceptor: '603', UsoCFDI: 'D01' },
    });
    assert.ok(codes(validateComprobante(wrongUse, { catalogs: store }).errors).includes('cfdi.uso_cfdi_not_allowed@/cfdi:Receptor/@UsoCFDI'));
    const wrongRate = comprobante([
      { Cantidad: '1', ValorUnitario: '100', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.150000' }] },
    ]);
    assert.ok(codes(validateComprobante(wrongRate, { catalogs: store }).errors).some((code) => code.startsWith('cfdi.invalid_tax_rate@')));
    const wrongRegimen = comprobante(undefined, { Emisor: { Rfc: 'FUNK671228PH6', Nombre: 'KARLA FUENTE NOLASCO', RegimenFiscal: '601' } });
    assert.ok(codes(validateComprobante(wrongRegimen, { catalogs: store }).errors).includes('cfdi.regimen_fiscal_not_allowed@/cfdi:Emisor/@RegimenFiscal'));
  });

  test('imported catalogs are checked key by key once the store refreshes', async () => {
    const entry = (code: string, data: Record<string, string>) => ({ code, description: code, valid_from: '2022-01-01', valid_to: null, data });
    await writeCatalogs(
      database.db,
      [
        { slug: 'clave_unidad', entries: [entry('E48', {})], origin: 'import', source: 'test' },
        {
          slug: 'codigo_postal',
          entries: [entry('06600', { state: 'CMX', time_zone: 'America/Mexico_City' }), entry('54700', { state: 'MEX', time_zone: 'America/Mexico_City' })],
          origin: 'import',
          source: 'test',
        },
      ],
      { at, policy: 'replace' },
    );
    assert.equal(await store.refresh(), true);
    const model = comprobante(
      [
        {
          Cantidad: '1',
          ValorUnitario: '100',
          ObjetoImp: '02',
          ClaveUnidad: 'H87',
          Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }],
        },
      ],
      { LugarExpedicion: '99999' },
    );
    const result = validateComprobante(model, { catalogs: store });
    assert.deepEqual(codes(result.errors).sort(), [
      'cfdi.unknown_catalog_code@/@LugarExpedicion',
      'cfdi.unknown_catalog_code@/cfdi:Conceptos/cfdi:Concepto[1]/@ClaveUnidad',
    ]);
    assert.deepEqual(
      [...new Set(result.warnings.filter((warning) => warning.code === 'cfdi.catalog_not_loaded').map((warning) => warning.message.split(' ')[0]))],
      ['c_ClaveProdServ'],
    );
  });
  test('the large catalogs are held only for what the rules, the invoice builder and the PDF read; the API reads every column from the database', async () => {
    await writeCatalogs(
      database.db,
      [
        {
          slug: 'clave_prod_serv',
          entries: [{ code: '43211503', description: 'Computadores portátiles', valid_from: '2022-01-01', valid_to: null, data: { similar_words: 'laptop' } }],
          origin: 'import',
          source: 'test',
        },
        {
          slug: 'num_pedimento_aduana',
          entries: [
            {
              code: '16-3577-2024',
              description: '',
              valid_from: '2024-01-01',
              valid_to: '2024-12-31',
              data: { aduana: '16', patente: '3577', ejercicio: '2024', cantidad: 120 },
            },
          ],
          origin: 'import',
          source: 'test',
        },
      ],
      { at, policy: 'replace' },
    );
    assert.equal(await store.refresh(), true);
    // The PDF prints the product's description; the rules read its validity.
    assert.deepEqual(store.index.get('clave_prod_serv', '43211503'), {
      code: '43211503',
      description: 'Computadores portátiles',
      valid_from: '2022-01-01',
      valid_to: null,
      data: {},
    });
    // The pedimento rule reads the row's validity and cantidad, in the export's columns.
    assert.deepEqual(store.get('c_NumPedimentoAduana', '16-3577-2024'), {
      id: '16-3577-2024',
      texto: '',
      vigencia_desde: '2024-01-01',
      vigencia_hasta: '2024-12-31',
      cantidad: '120',
    });
    assert.equal(store.has('c_NumPedimentoAduana', '16-3577-2023'), false);
    // Fecha's rules and the invoice builder read a postal code's time zone.
    assert.equal(store.index.postalCodeTimeZone('06600'), 'America/Mexico_City');
    assert.deepEqual(store.index.get('codigo_postal', '06600')?.data, { time_zone: 'America/Mexico_City' });
    // GET /v1/catalogs/{slug}/{code} reads the whole row from the database.
    assert.equal((await getCatalogEntry(database.db, 'clave_prod_serv', '43211503')).entry.data.similar_words, 'laptop');
    assert.equal((await getCatalogEntry(database.db, 'codigo_postal', '06600')).entry.data.state, 'CMX');
    assert.equal((await getCatalogEntry(database.db, 'num_pedimento_aduana', '16-3577-2024')).entry.data.patente, '3577');
  });
});
