import fs from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Clock } from '../../platform/clock.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { DEFINITIONS } from './definitions.ts';
import { importCatalogs, type ImportReport } from './import-catalogs.ts';
import { CATALOG_SLUGS } from './lookup.ts';
import { CatalogImportError } from './parse-table.ts';
import { activeCatalogs } from './repository.ts';

export interface CatalogsCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Opens the migrated database; called only once the arguments are known to be valid. */
  openDatabase: () => Promise<{ db: Db; close(): Promise<void> }>;
  clock?: Clock;
  /**
   * With the embedded database, which only one process may open: the server running on it, if
   * one answers (its URL and the ADMIN_TOKEN this command was given). An import then goes to
   * that server's operator endpoint instead of the database.
   */
  runningServer?: () => Promise<{ url: string; adminToken: string | undefined } | undefined>;
}

const CATALOGS_USAGE = `Usage: invoicing catalogs <command>

Commands:
  import PATH [--dry-run] [--json]   import SAT catalogs from a CSV file (or .csv.gz), an Excel
                                     workbook (the SAT's catCFDI .xls, or .xlsx) or a directory
                                     of them; with the embedded database and a server running on
                                     it, through that server (ADMIN_TOKEN)
  list                               the catalogs, their active versions and row counts
  help                               this text`;

function describeReport(report: ImportReport): string {
  const lines = report.catalogs.map((change) => {
    const counts =
      change.status === 'unchanged' || change.status === 'kept'
        ? `${change.rows} rows`
        : `${change.rows} rows (+${change.added} −${change.removed} ~${change.changed})`;
    const version =
      change.previous_version !== null && change.version !== change.previous_version
        ? `v${change.previous_version} → v${change.version}`
        : `v${change.version}`;
    return `  ${change.sat_name.padEnd(20)} ${change.status.padEnd(9)} ${version.padEnd(10)} ${counts}  [${change.sources.join(', ')}]`;
  });
  const skipped = report.skipped.map((item) => `  skipped ${item.source}: ${item.reason}`);
  const ignored = report.ignored_columns.map((item) => `  ${item.source}: ignored columns ${item.columns.join(', ')}`);
  const title = report.dry_run ? `Dry run of ${report.path} (nothing was written):` : `Imported ${report.path}:`;
  return [title, ...lines, ...skipped, ...ignored].join('\n');
}

async function listCatalogs(db: Db): Promise<string> {
  const active = new Map((await activeCatalogs(db)).map((row) => [row.slug, row]));
  return CATALOG_SLUGS.map((slug) => {
    const row = active.get(slug);
    const state = row ? `v${row.version} ${row.origin.padEnd(7)} ${String(row.row_count).padStart(6)} rows` : 'not imported';
    return `${slug.padEnd(20)} ${DEFINITIONS.get(slug)!.satName.padEnd(20)} ${state}`;
  }).join('\n');
}

/** `invoicing catalogs …`: exit 0 on success, 1 when an import is rejected, 2 on bad usage. */
export async function runCatalogsCommand(args: readonly string[], io: CatalogsCommandIo): Promise<number> {
  const [command, ...rest] = args;
  const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
  const positional = rest.filter((arg) => !arg.startsWith('--'));
  const unknownFlags = [...flags].filter((flag) => flag !== '--dry-run' && flag !== '--json');
  if (command === undefined || command === 'help' || command === '--help') {
    io.stdout(CATALOGS_USAGE);
    return command === undefined ? 2 : 0;
  }
  const valid = (command === 'import' && positional.length === 1 && unknownFlags.length === 0) || (command === 'list' && rest.length === 0);
  if (!valid) {
    io.stderr(`invoicing catalogs: unexpected arguments '${args.join(' ')}'\n\n${CATALOGS_USAGE}`);
    return 2;
  }
  if (command === 'import' && io.runningServer) {
    const server = await io.runningServer();
    if (server) return importThroughServer(server, positional[0]!, flags, io);
  }
  const database = await io.openDatabase();
  try {
    if (command === 'list') {
      io.stdout(await listCatalogs(database.db));
      return 0;
    }
    const report = await importCatalogs(database.db, positional[0]!, { clock: io.clock ?? systemClock, dryRun: flags.has('--dry-run') });
    io.stdout(flags.has('--json') ? JSON.stringify(report, null, 2) : describeReport(report));
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogImportError)) throw error;
    io.stderr(`invoicing catalogs import: ${error.message}\nNothing was imported; the active catalog versions stay in use.`);
    return 1;
  } finally {
    await database.close();
  }
}

/** The body of an import sent to a server: the file itself, or a folder as a zip. */
async function uploadOf(importPath: string): Promise<{ name: string; body: Uint8Array }> {
  const root = path.resolve(importPath);
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat) throw new CatalogImportError(`${importPath}: no such file or directory.`);
  if (!stat.isDirectory()) return { name: path.basename(root), body: await fs.readFile(root) };
  const files: Record<string, Uint8Array> = {};
  const walk = async (directory: string) => {
    for (const entry of await fs.readdir(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files[path.relative(root, full).split(path.sep).join('/')] = await fs.readFile(full);
    }
  };
  await walk(root);
  return { name: 'catalogs.zip', body: zipSync(files) };
}

/**
 * `catalogs import` while a server runs on the embedded database: the files go to its operator
 * endpoint (POST /v1/admin/catalogs/imports), which writes them while it keeps serving. Without
 * ADMIN_TOKEN the command refuses, saying how to proceed.
 */
async function importThroughServer(
  server: { url: string; adminToken: string | undefined },
  importPath: string,
  flags: ReadonlySet<string>,
  io: CatalogsCommandIo,
): Promise<number> {
  if (!server.adminToken) {
    io.stderr(
      `invoicing catalogs import: a server is running on the embedded database (${server.url}), which only it may open. Set ADMIN_TOKEN to the server's operator token and run the command again to import through the server, or stop the server first. Nothing was imported.`,
    );
    return 1;
  }
  let upload;
  try {
    upload = await uploadOf(importPath);
  } catch (error) {
    if (!(error instanceof CatalogImportError)) throw error;
    io.stderr(`invoicing catalogs import: ${error.message}\nNothing was imported; the active catalog versions stay in use.`);
    return 1;
  }
  const query = new URLSearchParams({ name: upload.name, ...(flags.has('--dry-run') ? { dry_run: 'true' } : {}) });
  const response = await fetch(`${server.url}/v1/admin/catalogs/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/octet-stream' },
    body: upload.body,
  });
  const answer = (await response.json()) as ImportReport & { detail?: string; code?: string };
  if (!response.ok) {
    io.stderr(`invoicing catalogs import: the server at ${server.url} answered ${response.status} ${answer.code ?? ''}: ${answer.detail ?? ''}`);
    return 1;
  }
  const report = { ...answer, path: importPath };
  delete (report as { object?: unknown }).object;
  io.stdout(flags.has('--json') ? JSON.stringify(report, null, 2) : `${describeReport(report)}\n(imported through the server at ${server.url})`);
  return 0;
}
