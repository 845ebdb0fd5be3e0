/**
 * The SAT catalogs the validator consults, behind an interface injected by the caller (the
 * engine never reads files or databases). Rows use the column names of the SAT catalog export
 * as published by phpcfdi (shared/sat/catalogs): `decimales`, `aplica_fisica`, `aplica_moral`,
 * `regimenes_fiscales_receptores`, `vigencia_desde`, `vigencia_hasta`, ...; booleans are "1"
 * for yes and "" (or absent) for no.
 */

export const CATALOG_NAMES = [
  'c_Moneda',
  'c_FormaPago',
  'c_MetodoPago',
  'c_UsoCFDI',
  'c_RegimenFiscal',
  'c_ClaveProdServ',
  'c_ClaveUnidad',
  'c_CodigoPostal',
  'c_Exportacion',
  'c_TipoRelacion',
  'c_ObjetoImp',
  'c_Impuesto',
  'c_TipoFactor',
  'c_TasaOCuota',
  'c_TipoDeComprobante',
  'c_Pais',
  'c_Periodicidad',
  'c_Meses',
  'c_NumPedimentoAduana',
  'c_ClaveProdServCP',
] as const;

export type CatalogName = (typeof CATALOG_NAMES)[number];

export type CatalogRow = Readonly<Record<string, string | undefined>>;

export interface CatalogLookup {
  /** False when the catalog was not loaded: the validator then checks only the code format. */
  isLoaded(catalog: CatalogName): boolean;
  has(catalog: CatalogName, code: string): boolean;
  get(catalog: CatalogName, code: string): CatalogRow | undefined;
  /** Every row; needed for rule tables without a key column (c_TasaOCuota). */
  rows?(catalog: CatalogName): readonly CatalogRow[];
}

export interface CatalogTable {
  /** The column holding the catalog key (`id` in the phpcfdi export, `code` in c_CodigoPostal.csv). */
  key: string;
  rows: readonly CatalogRow[];
}

/** A CatalogLookup over rows already in memory (tables absent from `tables` count as not loaded). */
export function inMemoryCatalogs(tables: Partial<Record<CatalogName, CatalogTable>>): CatalogLookup {
  const indexes = new Map<CatalogName, Map<string, CatalogRow>>();
  for (const [name, table] of Object.entries(tables) as [CatalogName, CatalogTable][]) {
    const index = new Map<string, CatalogRow>();
    for (const row of table.rows) {
      const code = row[table.key];
      if (code !== undefined && !index.has(code)) index.set(code, row);
    }
    indexes.set(name, index);
  }
  return {
    isLoaded: (catalog) => indexes.has(catalog),
    has: (catalog, code) => indexes.get(catalog)?.has(code) ?? false,
    get: (catalog, code) => indexes.get(catalog)?.get(code),
    rows: (catalog) => tables[catalog]?.rows ?? [],
  };
}

/** A catalog boolean column: "1" (or "true") is yes. */
export function flag(row: CatalogRow | undefined, column: string): boolean {
  const value = row?.[column]?.trim().toLowerCase();
  return value === '1' || value === 'true' || value === 'sí' || value === 'si';
}

/** A comma-separated list column, e.g. c_UsoCFDI.regimenes_fiscales_receptores. */
export function listColumn(row: CatalogRow | undefined, column: string): string[] {
  return (row?.[column] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Whether a row is in force on a date (`YYYY-MM-DD`): vigencia_desde ≤ date ≤ vigencia_hasta,
 * an empty bound being open.
 */
export function inForce(row: CatalogRow, date: string): boolean {
  const from = row['vigencia_desde'] ?? '';
  const to = row['vigencia_hasta'] ?? '';
  return (from === '' || from <= date) && (to === '' || date <= to);
}
