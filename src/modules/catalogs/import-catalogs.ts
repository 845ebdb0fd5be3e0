import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { assembleCatalog } from './assemble.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import { definitionForFileName } from './definitions.ts';
import type { CatalogSlug } from './lookup.ts';
import { CatalogImportError, parseTable, type ParsedTable } from './parse-table.ts';
import { tidyEntries } from './repository.ts';
import { writeCatalogs, type CatalogChange } from './store.ts';
import { readWorkbook } from './workbook.ts';

export interface ImportOptions {
  clock: Clock;
  /** Parse, validate and compare with the active versions, then change nothing. */
  dryRun?: boolean;
}

interface ImportedCatalog extends CatalogChange {
  sat_name: string;
  sources: string[];
}

export interface ImportReport {
  path: string;
  dry_run: boolean;
  catalogs: ImportedCatalog[];
  /** Files and sheets that are not catalogs this service keeps. */
  skipped: { source: string; reason: string }[];
  /** Columns of the files that no catalog field uses (e.g. the SAT's old daylight-saving columns). */
  ignored_columns: { source: string; columns: string[] }[];
}

const WORKBOOK = /\.(xlsx|xlsm|xls)$/i;
const CSV = /\.csv$/i;

/** The directory's own files first, then its subdirectories', each in name order. */
async function collectFiles(root: string): Promise<string[]> {
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat) throw new CatalogImportError(`${root}: no such file or directory.`);
  if (!stat.isDirectory()) return [root];
  const entries = (await fs.readdir(root, { withFileTypes: true })).sort((left, right) => (left.name < right.name ? -1 : 1));
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => path.join(root, entry.name));
  for (const directory of entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))) {
    files.push(...(await collectFiles(path.join(root, directory.name))));
  }
  return files;
}

async function readCsvText(file: string, source: string): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(file));
  } catch {
    throw new CatalogImportError(`${source}: not UTF-8 text; save the CSV as UTF-8.`);
  }
}

interface Collected {
  tables: ParsedTable[];
  skipped: ImportReport['skipped'];
}

async function readFileTables(file: string, source: string, single: boolean, collected: Collected): Promise<void> {
  const skip = (what: string, reason: string) => {
    if (single) throw new CatalogImportError(`${what}: ${reason}`);
    collected.skipped.push({ source: what, reason });
  };
  const unknown = 'not named after a catalog this service keeps (see docs/guides/catalogs.md).';
  if (CSV.test(file)) {
    const definition = definitionForFileName(path.basename(file));
    if (!definition) return skip(source, unknown);
    let rows;
    try {
      rows = parseCsv(await readCsvText(file, source));
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw new CatalogImportError(`${source}, ${error.message}.`);
      throw error;
    }
    collected.tables.push(parseTable(definition, { source, rows, headerSearch: false }));
    return;
  }
  if (!WORKBOOK.test(file)) return skip(source, 'not a .csv, .xlsx or .xls file.');
  let sheets;
  try {
    sheets = await readWorkbook(file);
  } catch (error) {
    throw new CatalogImportError(`${source}: not a readable Excel workbook (${(error as Error).message}).`);
  }
  let found = 0;
  for (const sheet of sheets) {
    const definition = definitionForFileName(sheet.name);
    const sheetSource = `${source} [${sheet.name}]`;
    if (!definition) {
      collected.skipped.push({ source: sheetSource, reason: 'not a catalog this service keeps.' });
      continue;
    }
    found++;
    collected.tables.push(parseTable(definition, { source: sheetSource, rows: sheet.rows, headerSearch: true }));
  }
  if (found === 0) skip(source, `no sheet is named after a catalog this service keeps.`);
}

/**
 * Imports catalogs from a CSV file, an Excel workbook, or a directory of them. Everything is read
 * and validated before anything is written: one bad file rejects the whole import and every
 * catalog keeps its active version. Each catalog whose content changed gets a new version, all
 * switched in one transaction; identical content is reported as unchanged.
 */
export async function importCatalogs(db: Db, importPath: string, options: ImportOptions): Promise<ImportReport> {
  const root = path.resolve(importPath);
  const files = await collectFiles(root);
  const single = files.length === 1 && files[0] === root;
  const collected: Collected = { tables: [], skipped: [] };
  for (const file of files) {
    const source = single ? path.basename(file) : path.relative(root, file);
    await readFileTables(file, source, single, collected);
  }
  if (collected.tables.length === 0) throw new CatalogImportError(`${importPath}: no catalog files found.`);
  const bySlug = new Map<CatalogSlug, ParsedTable[]>();
  for (const table of collected.tables) bySlug.set(table.definition.slug, [...(bySlug.get(table.definition.slug) ?? []), table]);
  const contents = [...bySlug].map(([slug, tables]) => ({
    slug,
    entries: assembleCatalog(tables[0]!.definition, tables),
    origin: 'import' as const,
    source: tables.map((table) => table.source).join(', '),
  }));
  const changes = await writeCatalogs(db, contents, { at: options.clock.now(), policy: 'replace', dryRun: options.dryRun ?? false });
  if (!options.dryRun && changes.some((change) => change.status === 'created' || change.status === 'updated')) {
    // Only an optimisation (index-only searches): the import has committed whatever happens here.
    await tidyEntries(db).catch(() => {});
  }
  return {
    path: importPath,
    dry_run: options.dryRun ?? false,
    catalogs: changes.map((change) => {
      const tables = bySlug.get(change.catalog)!;
      return { ...change, sat_name: tables[0]!.definition.satName, sources: tables.map((table) => table.source) };
    }),
    skipped: collected.skipped,
    ignored_columns: collected.tables
      .filter((table) => table.ignoredColumns.length > 0)
      .map((table) => ({ source: table.source, columns: table.ignoredColumns })),
  };
}
