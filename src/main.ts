/**
 * The `invoicing` command: each command imports only the modules it needs (the HTTP app only for
 * `serve` and `worker`, the CFDI engine only for `cfdi`), so `help` or `cfdi cadena` start in a
 * fraction of a second.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { securePrivateDataDir } from './platform/data-dir.ts';
import type { DatabaseHandle } from './platform/db/database.ts';

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (file: string) => Promise<Buffer>;
  readDir: (dir: string) => Promise<string[]>;
  env: Record<string, string | undefined>;
}

const USAGE = `Usage: invoicing <command>

Commands:
  serve [--processes N] [--workers M]
                        HTTP API and job worker (the default); with PostgreSQL, N API processes
                        sharing the port (default: one per core, or WEB_CONCURRENCY), M job worker
                        processes (default 1) and the simulator in its own process
  worker                job worker only
  simulator             the SAT/PAC simulator alone (SIMULATOR_PORT, default 4010)
  migrate               apply database migrations and exit
  catalogs import PATH [--dry-run] [--json]
                        import SAT catalogs (CSV files, a folder of them, or the SAT workbook);
                        with the embedded database and a server running on it, the files go to
                        that server (set ADMIN_TOKEN to its operator token)
  catalogs list         the active catalogs and their versions
  credits grant ORG N   add N live stamp credits to organization ORG
  cfdi cadena FILE      print the cadena original of a CFDI 4.0
  cfdi verify FILE [--sat-certs DIR]
                        the issuer's seal and the timbre's SelloSAT (its certificate from DIR);
                        exit 0 only when both pass, 3 when the timbre is not verifiable here
  cfdi validate FILE [--sat-certs DIR]
                        every check of POST /v1/validations with the built-in catalogs; exit 0
                        only when valid, 1 when a check failed, 3 when not verifiable here
  help                  this text

Configuration comes from the environment: PORT, HOST, BASE_URL, DATA_DIR, DATABASE_URL,
APP_ENV, MASTER_KEY, REDIS_URL, LOG_LEVEL, WEB_CONCURRENCY, ADMIN_TOKEN (see README.md).`;

/** Runs one CLI command; long-running ones answer 'running' and stop on SIGINT/SIGTERM. */
export async function runCommand(args: string[], io: CommandIo): Promise<number | 'running'> {
  const [command = 'serve', ...rest] = args;
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`invoicing: ${error.message}`);
      return 2;
    }
    throw error;
  }
  // Every command that may write under DATA_DIR keeps it private (the pure `cfdi` and `help` do not).
  if (command !== 'cfdi' && command !== 'help' && command !== '--help' && command !== '-h') securePrivateDataDir(config.dataDir);
  switch (command) {
    case 'serve': {
      const { processPlan, ProcessPlanError, stopWithSupervisor, superviseProcesses } = await import('./processes.ts');
      let plan;
      try {
        plan = processPlan(rest, io.env, config);
      } catch (error) {
        if (!(error instanceof ProcessPlanError)) throw error;
        io.stderr(`invoicing: ${error.message}`);
        return 2;
      }
      if (plan.supervised) return superviseProcesses(config, plan, io);
      stopWithSupervisor(io.env);
      return (await import('./serve.ts')).serve(config, io, { http: true });
    }
    case 'worker': {
      (await import('./processes.ts')).stopWithSupervisor(io.env);
      return (await import('./serve.ts')).serve({ ...config, runWorker: true }, io, { http: false });
    }
    case 'simulator':
      (await import('./processes.ts')).stopWithSupervisor(io.env);
      return runSimulator(config, io);
    case 'migrate': {
      const { database, migrations } = await openMigratedDatabase(config);
      await database.close();
      io.stdout(migrations.length ? `Applied migrations ${migrations.join(', ')}.` : 'The database is up to date.');
      return 0;
    }
    case 'cfdi': {
      // Loaded on demand: the XML engine (WASM) is not needed by the other commands. The built-in
      // catalogs come straight from their file, not the catalogs module's index: no database, no HTTP.
      const { runCfdiCommand } = await import('./cfdi/cli.ts');
      const { cfdiSchemaChecker } = await import('./providers/sat/schemas.ts');
      const { builtinCfdiCatalogs } = await import('./modules/catalogs/builtin-lookup.ts');
      return runCfdiCommand(rest, { ...io, now: () => new Date(), schema: cfdiSchemaChecker, catalogs: builtinCfdiCatalogs() });
    }
    case 'catalogs': {
      const { runCatalogsCommand } = await import('./modules/catalogs/index.ts');
      return runCatalogsCommand(rest, {
        stdout: io.stdout,
        stderr: io.stderr,
        openDatabase: () => openMigratedDatabase(config).then((opened) => opened.database),
        // The embedded database has one user: a server answering on this configuration's address owns it.
        ...(config.databaseUrl
          ? {}
          : {
              runningServer: async () => {
                const answer = await fetch(`${config.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
                return answer ? { url: config.baseUrl, adminToken: config.adminToken } : undefined;
              },
            }),
      });
    }
    case 'credits':
      return creditsCommand(config, rest, io);
    case 'help':
    case '--help':
    case '-h':
      io.stdout(USAGE);
      return 0;
    default:
      io.stderr(`invoicing: unknown command '${[command, ...rest].join(' ')}'\n\n${USAGE}`);
      return 2;
  }
}

/** The service's database (PostgreSQL or the embedded one under DATA_DIR), migrated. */
async function openMigratedDatabase(config: Config): Promise<{ database: DatabaseHandle; migrations: number[] }> {
  const { openDatabase } = await import('./platform/db/database.ts');
  const { migrate } = await import('./platform/db/migrate.ts');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') });
  try {
    return { database, migrations: await migrate(database) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function withDatabase<T>(config: Config, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const { database } = await openMigratedDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function creditsCommand(config: Config, args: string[], io: CommandIo): Promise<number> {
  const [verb, organizationId, amount] = args;
  if (verb !== 'grant' || !organizationId || !amount || !/^\d+$/.test(amount)) {
    io.stderr('Usage: invoicing credits grant ORG N   (N a whole number of live stamp credits)');
    return 2;
  }
  const { grantCredits, GrantError } = await import('./modules/usage/index.ts');
  try {
    const balance = await withDatabase(config, (database) => grantCredits(database.db, organizationId, Number(amount), new Date()));
    io.stdout(`Granted ${amount} live stamp credits to ${organizationId}; balance ${balance}.`);
    return 0;
  } catch (error) {
    if (error instanceof GrantError) {
      io.stderr(`invoicing: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

async function runSimulator(config: Config, io: CommandIo): Promise<'running'> {
  const { startSimulator } = await import('./simulator/index.ts');
  const simulator = await startSimulator({
    host: config.host,
    port: config.simulator.port || 4010,
    dataDir: config.dataDir,
    logger: config.logLevel !== 'silent',
    ...(config.simulator.publicUrl ? { publicUrl: config.simulator.publicUrl } : {}),
    ...(Object.keys(config.simulator.descarga).length > 0 ? { settings: { descarga: config.simulator.descarga } } : {}),
  });
  io.stdout(`SAT/PAC simulator listening on ${simulator.url}`);
  const stop = () =>
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}
