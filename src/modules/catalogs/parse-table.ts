import type { CatalogDefinition, Fields } from './catalog-definition.ts';
import type { CsvRow } from './csv.ts';
import { FieldValueError, parseField, type FieldSpec } from './fields.ts';
import { headerKey } from './normalize.ts';

/** A rejected import file: the message names the file, the line and what is wrong. */
export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
}

/** One row read from a file: the fields whose columns the file has, and where it came from. */
export interface ParsedRecord {
  fields: Fields;
  source: string;
  line: number;
}

export interface ParsedTable {
  definition: CatalogDefinition;
  source: string;
  records: Map<string, ParsedRecord>;
  ignoredColumns: string[];
}

export interface SourceTable {
  /** The file (and sheet) name, for messages. */
  source: string;
  rows: CsvRow[];
  /** Workbooks put title rows above the header and may split it over two rows; CSV files do not. */
  headerSearch: boolean;
}

type Columns = Map<FieldSpec, number>;

/** Matches field aliases to columns: aliases in priority order, each column used once. */
function resolveColumns(fields: readonly FieldSpec[], headerRows: string[][]): Columns {
  const width = Math.max(0, ...headerRows.map((row) => row.length));
  const names = Array.from({ length: width }, (_, index) => headerRows.map((row) => headerKey(row[index] ?? '')).filter(Boolean));
  const used = new Set<number>();
  const columns: Columns = new Map();
  for (const spec of fields) {
    for (const alias of spec.aliases) {
      const index = names.findIndex((candidates, column) => !used.has(column) && candidates.includes(alias));
      if (index >= 0) {
        columns.set(spec, index);
        used.add(index);
        break;
      }
    }
  }
  return columns;
}

function missingRequired(fields: readonly FieldSpec[], columns: Columns): FieldSpec[] {
  return fields.filter((spec) => spec.required && !columns.has(spec));
}

interface Header {
  columns: Columns;
  /** Index in `rows` of the first data row. */
  dataStart: number;
  headerCells: string[][];
}

// The header is the first row that names the catalog's first required column; the rows between
// it and the first row with a value in that column are sub-headers (e.g. "Física | Moral").
function findHeader(definition: CatalogDefinition, table: SourceTable): Header {
  const { rows } = table;
  const first = definition.fields.find((spec) => spec.required)!;
  const limit = table.headerSearch ? Math.min(rows.length, 20) : Math.min(rows.length, 1);
  for (let start = 0; start < limit; start++) {
    const anchor = resolveColumns([first], [rows[start]!.cells]).get(first);
    if (anchor === undefined) continue;
    let dataStart = start + 1;
    if (table.headerSearch) {
      while (dataStart < rows.length && dataStart - start <= 2 && (rows[dataStart]!.cells[anchor] ?? '').trim() === '') dataStart++;
    }
    const headerCells = rows.slice(start, dataStart).map((row) => row.cells);
    const columns = resolveColumns(definition.fields, headerCells);
    const missing = missingRequired(definition.fields, columns);
    if (missing.length > 0) {
      throw new CatalogImportError(
        `${table.source}: the header (line ${rows[start]!.line}) has no column for ${missing.map((spec) => `'${spec.key}' (accepted: ${spec.aliases.join(', ')})`).join('; ')}.`,
      );
    }
    return { columns, dataStart, headerCells };
  }
  throw new CatalogImportError(
    `${table.source}: no header row naming the ${definition.satName} column '${first.aliases[0]}' ${table.headerSearch ? 'in the first 20 rows' : 'on line 1'}.`,
  );
}

function parseRow(definition: CatalogDefinition, columns: Columns, row: CsvRow, source: string): { code: string; fields: Fields } {
  const fields: Fields = {};
  for (const [spec, column] of columns) {
    try {
      fields[spec.key] = parseField(spec, row.cells[column] ?? '');
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      throw new CatalogImportError(`${source}, line ${row.line}, column '${spec.key}': ${error.message}.`);
    }
  }
  let code: string;
  try {
    code = definition.codeOf ? definition.codeOf(fields) : String(fields.code ?? '');
  } catch (error) {
    throw new CatalogImportError(`${source}, line ${row.line}: ${(error as Error).message}.`);
  }
  if (!definition.codePattern.test(code)) {
    throw new CatalogImportError(
      `${source}, line ${row.line}: '${code}' is not a valid ${definition.satName} key (expected ${definition.codePattern.source}).`,
    );
  }
  return { code, fields };
}

/** Parses one table of a catalog; any bad header or row rejects the whole table. */
export function parseTable(definition: CatalogDefinition, table: SourceTable): ParsedTable {
  const { columns, dataStart, headerCells } = findHeader(definition, table);
  const headerWidth = headerCells[0]!.length;
  const records = new Map<string, ParsedRecord>();
  for (const row of table.rows.slice(dataStart)) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    if (!table.headerSearch && row.cells.length !== headerWidth) {
      throw new CatalogImportError(`${table.source}, line ${row.line}: ${row.cells.length} fields where the header has ${headerWidth}.`);
    }
    const { code, fields } = parseRow(definition, columns, row, table.source);
    const previous = records.get(code);
    if (previous) throw new CatalogImportError(`${table.source}, line ${row.line}: key '${code}' repeats line ${previous.line}.`);
    records.set(code, { fields, source: table.source, line: row.line });
  }
  if (records.size === 0) throw new CatalogImportError(`${table.source}: no rows after the header.`);
  const usedColumns = new Set(columns.values());
  const ignoredColumns = headerCells[0]!
    .map((_, index) =>
      headerCells
        .map((cells) => cells[index]?.trim() ?? '')
        .filter(Boolean)
        .join(' / '),
    )
    .filter((name, index) => !usedColumns.has(index) && name !== '');
  return { definition, source: table.source, records, ignoredColumns };
}
