import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { assembleCatalog } from './assemble.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import { definitionForFileName } from './definitions.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';
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
const CSV = /\.csv(\.gz)?$/i;

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
  let bytes = await fs.readFile(file);
  if (/\.gz$/i.test(file)) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new CatalogImportError(`${source}: not a gzip file.`);
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
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
  if (!WORKBOOK.test(file)) return skip(source, 'not a .csv, .csv.gz, .xlsx or .xls file.');
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

/** What reading an import's files gives: each catalog's content, and what was left aside. */
export interface ReadCatalogs {
  catalogs: { slug: CatalogSlug; sat_name: string; sources: string[]; entries: CatalogEntry[] }[];
  skipped: ImportReport['skipped'];
  ignored_columns: ImportReport['ignored_columns'];
}

/**
 * Reads and checks every file of an import (no database): one bad file rejects the whole import.
 * Runs in the CLI's process, or on a worker thread for an import sent to a running server.
 */
export async function readCatalogFiles(importPath: string): Promise<ReadCatalogs> {
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
  return {
    catalogs: [...bySlug].map(([slug, tables]) => ({
      slug,
      sat_name: tables[0]!.definition.satName,
      sources: tables.map((table) => table.source),
      entries: assembleCatalog(tables[0]!.definition, tables),
    })),
    skipped: collected.skipped,
    ignored_columns: collected.tables
      .filter((table) => table.ignoredColumns.length > 0)
      .map((table) => ({ source: table.source, columns: table.ignoredColumns })),
  };
}

/**
 * Writes what readCatalogFiles read. Each catalog whose content changed gets a new version,
 * written while the active one keeps answering and switched with the others in one short
 * transaction (writeCatalogs); identical content is reported as unchanged.
 */
export async function writeImport(db: Db, read: ReadCatalogs, importPath: string, options: ImportOptions): Promise<ImportReport> {
  const contents = read.catalogs.map((catalog) => ({
    slug: catalog.slug,
    entries: catalog.entries,
    origin: 'import' as const,
    source: catalog.sources.join(', '),
  }));
  const changes = await writeCatalogs(db, contents, { at: options.clock.now(), policy: 'replace', dryRun: options.dryRun ?? false });
  if (!options.dryRun && changes.some((change) => change.status === 'created' || change.status === 'updated')) {
    // Only an optimisation (the planner's statistics): the import has committed whatever happens here.
    await tidyEntries(db).catch(() => {});
  }
  return {
    path: importPath,
    dry_run: options.dryRun ?? false,
    catalogs: changes.map((change) => {
      const catalog = read.catalogs.find((item) => item.slug === change.catalog)!;
      return { ...change, sat_name: catalog.sat_name, sources: catalog.sources };
    }),
    skipped: read.skipped,
    ignored_columns: read.ignored_columns,
  };
}

/**
 * Imports catalogs from a CSV file (or a gzipped one), an Excel workbook, or a directory of them.
 * Everything is read and validated before anything is written: one bad file rejects the whole
 * import and every catalog keeps its active version.
 */
export async function importCatalogs(db: Db, importPath: string, options: ImportOptions): Promise<ImportReport> {
  return writeImport(db, await readCatalogFiles(importPath), importPath, options);
}
