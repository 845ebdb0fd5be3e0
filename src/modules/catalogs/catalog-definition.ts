import type { FieldSpec } from './fields.ts';
import type { CatalogEntry, CatalogSlug, CatalogValue } from './lookup.ts';

export type Fields = Record<string, CatalogValue>;

/** What the service knows about one SAT catalog: names, key format and file columns. */
export interface CatalogDefinition {
  slug: CatalogSlug;
  /** The SAT's name, which is also how import files are recognised (`c_UsoCFDI.csv`). */
  satName: string;
  name: string;
  /** Written in the repository (src/modules/catalogs/builtin) rather than imported. */
  builtin: boolean;
  /** The key's format: the only check possible while a large catalog is not imported. */
  codePattern: RegExp;
  fields: readonly FieldSpec[];
  /** The key of a row when the file has no key column (c_TasaOCuota). */
  codeOf?: (fields: Fields) => string;
  /** Turns a row's parsed fields into an entry; the default copies them. */
  toEntry?: (code: string, fields: Fields) => CatalogEntry;
  /** Data keys searched besides code and description. */
  searchData?: readonly string[];
}

export const VALIDITY: readonly FieldSpec[] = [
  { key: 'valid_from', type: 'date', aliases: ['vigenciadesde', 'fechainiciodevigencia', 'fechainiciovigencia', 'fechadeiniciodevigencia', 'validfrom'] },
  { key: 'valid_to', type: 'date', aliases: ['vigenciahasta', 'fechafindevigencia', 'fechafinvigencia', 'fechadefindevigencia', 'validto'] },
];

/** The key column: the SAT's `c_…` header, or the `id`/`code` of CSV exports. */
export function codeField(satName: string, width?: number): FieldSpec {
  const sat = satName.toLowerCase().replace(/[^a-z0-9]/g, '');
  return { key: 'code', type: 'code', required: true, aliases: [sat, 'code', 'clave', 'id'], ...(width ? { width } : {}) };
}

export const DESCRIPTION: FieldSpec = { key: 'description', type: 'text', required: true, aliases: ['texto', 'descripcion', 'description', 'nombre'] };

/** Key, description and validity: the columns every simple SAT catalog has. */
export function simpleFields(satName: string, width?: number): FieldSpec[] {
  return [codeField(satName, width), DESCRIPTION, ...VALIDITY];
}

const RESERVED = new Set(['code', 'description', 'valid_from', 'valid_to']);

/** The default entry: description (or the key itself), validity, and every other field as data. */
export function defaultEntry(definition: CatalogDefinition, code: string, fields: Fields): CatalogEntry {
  const data: Fields = {};
  for (const spec of definition.fields) {
    if (!RESERVED.has(spec.key)) data[spec.key] = fields[spec.key] ?? null;
  }
  return {
    code,
    description: typeof fields.description === 'string' ? fields.description : code,
    valid_from: typeof fields.valid_from === 'string' ? fields.valid_from : null,
    valid_to: typeof fields.valid_to === 'string' ? fields.valid_to : null,
    data,
  };
}

export function entryOf(definition: CatalogDefinition, code: string, fields: Fields): CatalogEntry {
  return definition.toEntry ? definition.toEntry(code, fields) : defaultEntry(definition, code, fields);
}

/**
 * Whether every key of the catalog is digits (its pattern is `^\d{n}$`): imports reject any other
 * key, so a search term with a letter can only match such a catalog's descriptions.
 */
export function hasNumericCodes(definition: CatalogDefinition): boolean {
  return /^\^\\d\{\d+\}\$$/.test(definition.codePattern.source);
}
