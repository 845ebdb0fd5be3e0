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
}

const CATALOGS_USAGE = `Usage: invoicing catalogs <command>

Commands:
  import PATH [--dry-run] [--json]   import SAT catalogs from a CSV file, an Excel workbook
                                     (the SAT's catCFDI .xls, or .xlsx) or a directory of them
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
