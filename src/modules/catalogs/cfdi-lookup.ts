import type { CatalogLookup as CfdiCatalogLookup, CatalogName, CatalogRow } from '../../cfdi/rules/index.ts';
import { DEFINITIONS } from './definitions.ts';
import type { CatalogEntry, CatalogIndex, CatalogSlug, CatalogValue } from './lookup.ts';

const SLUG_OF_SAT_NAME = new Map<string, CatalogSlug>([...DEFINITIONS.values()].map((definition) => [definition.satName, definition.slug]));

/**
 * API data keys → the column names of the SAT catalog export (phpcfdi) that the CFDI engine
 * reads. The same key means the same column in every catalog.
 */
const COLUMNS: Readonly<Record<string, string>> = {
  natural_person: 'aplica_fisica',
  legal_person: 'aplica_moral',
  tax_regimes: 'regimenes_fiscales_receptores',
  banked: 'es_bancarizado',
  requires_operation_number: 'requiere_numero_operacion',
  allows_payer_bank_rfc: 'permite_banco_ordenante_rfc',
  allows_payer_account: 'permite_cuenta_ordenante',
  payer_account_pattern: 'patron_cuenta_ordenante',
  allows_payee_bank_rfc: 'permite_banco_beneficiario_rfc',
  allows_payee_account: 'permite_cuenta_beneficiario',
  payee_account_pattern: 'patron_cuenta_beneficiario',
  allows_payment_chain_type: 'permite_tipo_cadena_pago',
  requires_foreign_payer_bank_name: 'requiere_banco_ordenante_nombre_ext',
  decimals: 'decimales',
  variation_percent: 'porcentaje_variacion',
  withholding: 'retencion',
  transfer: 'traslado',
  scope: 'ambito',
  max_value: 'valor_maximo',
  postal_code_pattern: 'patron_codigo_postal',
  tax_id_pattern: 'patron_identidad_tributaria',
  tax_id_validation: 'validacion_identidad_tributaria',
  groupings: 'agrupaciones',
  includes_iva: 'iva_trasladado',
  includes_ieps: 'ieps_trasladado',
  complement: 'complemento',
  border_stimulus: 'estimulo_franja_fronteriza',
  similar_words: 'similares',
  details: 'descripcion',
  notes: 'notas',
  symbol: 'simbolo',
  state: 'estado',
  municipality: 'municipio',
  locality: 'localidad',
  time_zone: 'huso_horario',
  time_zone_description: 'huso_descripcion',
  country: 'pais',
  tax: 'impuesto',
  factor: 'factor',
  minimum: 'minimo',
  cantidad: 'cantidad',
};

const AVAILABILITY: Readonly<Record<string, string>> = { yes: 'Sí', no: 'No', optional: 'Opcional' };

/** The export's spelling: booleans `1` or empty, lists comma-separated, null empty. */
function columnText(key: string, value: CatalogValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '';
  if (Array.isArray(value)) return value.join(',');
  if (key === 'includes_iva' || key === 'includes_ieps') return AVAILABILITY[String(value)] ?? String(value);
  return String(value);
}

/** One entry as a row of the SAT catalog export. */
export function rowOfEntry(entry: CatalogEntry): CatalogRow {
  const row: Record<string, string> = {
    id: entry.code,
    texto: entry.description,
    vigencia_desde: entry.valid_from ?? '',
    vigencia_hasta: entry.valid_to ?? '',
  };
  for (const [key, value] of Object.entries(entry.data)) {
    if (key === 'kind') row.tipo = value === 'range' ? 'Rango' : 'Fijo';
    else if (key === 'value' || key === 'maximum') {
      if (value !== null) row.valor = String(value);
    } else if (COLUMNS[key]) row[COLUMNS[key]] = columnText(key, value);
  }
  if (entry.data.kind === 'fixed') row.minimo = '';
  return row;
}

/**
 * The CFDI engine's view of the catalogs (by SAT name, rows in the export's columns) over a
 * CatalogIndex. Rows are built when asked for; `rows` is only used for small rule tables.
 */
export function cfdiLookupOf(index: () => CatalogIndex): CfdiCatalogLookup {
  const slugOf = (name: CatalogName) => SLUG_OF_SAT_NAME.get(name);
  // The rule tables' rows (c_TasaOCuota, read for every tax of every document) are built once per
  // snapshot of the catalogs: a refresh swaps the index, and the rows built from the old one go with it.
  const rowsBySnapshot = new WeakMap<CatalogIndex, Map<CatalogSlug, readonly CatalogRow[]>>();
  return {
    isLoaded: (name) => {
      const slug = slugOf(name);
      return slug !== undefined && index().isLoaded(slug);
    },
    has: (name, code) => {
      const slug = slugOf(name);
      return slug !== undefined && index().has(slug, code);
    },
    get: (name, code) => {
      const slug = slugOf(name);
      const entry = slug === undefined ? undefined : index().get(slug, code);
      return entry ? rowOfEntry(entry) : undefined;
    },
    rows: (name) => {
      const slug = slugOf(name);
      if (slug === undefined) return [];
      const snapshot = index();
      let built = rowsBySnapshot.get(snapshot);
      if (!built) {
        built = new Map();
        rowsBySnapshot.set(snapshot, built);
      }
      let rows = built.get(slug);
      if (!rows) {
        rows = snapshot.entries(slug).map(rowOfEntry);
        built.set(slug, rows);
      }
      return rows;
    },
  };
}
