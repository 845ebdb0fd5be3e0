/** `invoicing serve` and `invoicing worker`: the HTTP app and the job worker, until a signal stops them. */
import path from 'node:path';
import { buildApp, type App } from './app.ts';
import type { Config } from './platform/config.ts';
import { MASTER_KEY_FILE } from './platform/crypto/index.ts';

/** Where `serve` writes what the person who started it reads. */
interface ServeIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** What a developer must know about a server that is not configured for production. */
export function startWarnings(config: Config): string[] {
  if (config.appEnv === 'production') return [];
  const warnings: string[] = [];
  if (!config.masterKey) {
    warnings.push(
      `MASTER_KEY is not set: the master key is the generated ${path.join(config.dataDir, MASTER_KEY_FILE)}. Every stored private key and webhook secret is encrypted under it; losing that file loses them. Back it up, and set MASTER_KEY in production (which refuses to start without it).`,
    );
  }
  warnings.push(`APP_ENV is ${config.appEnv}: webhook endpoints may use plain http and point at loopback and private addresses (production refuses both).`);
  return warnings;
}

export async function serve(config: Config, io: ServeIo, roles: { http: boolean }): Promise<'running'> {
  for (const warning of startWarnings(config)) io.stderr(`warning: ${warning}`);
  const app = await buildApp({ config, deferLargeCatalogs: roles.http });
  app.startWorker();
  if (roles.http) {
    await app.server.listen({ port: config.port, host: config.host });
    app.startCatalogLoad();
    io.stdout(`invoicing API listening on ${config.baseUrl} (database: ${app.services.database.kind}, env: ${config.appEnv})`);
    if (app.providers.simulatorUrl) io.stdout(`SAT/PAC simulator at ${app.providers.simulatorUrl}`);
  } else {
    io.stdout(`invoicing worker running (database: ${app.services.database.kind})`);
  }
  stopOnSignals(app);
  exitWhenDatabaseLost(app, io);
  return 'running';
}

/** The exit status of a process whose embedded database stopped: EX_TEMPFAIL, "try again". */
export const DATABASE_LOST_EXIT_CODE = 75;
/** How long requests in flight get to be answered (503) before the process exits anyway. */
const DATABASE_LOST_GRACE_MS = 2_000;

/**
 * The embedded database's thread cannot be brought back inside a running process (its
 * WebAssembly engine's state is gone with it, and claims and leases held in memory with it):
 * the process stops taking requests and exits, for its supervisor to start a fresh one, which
 * reopens DATA_DIR (docs/decisions.md, "Outages"). Meanwhile every request answers 503.
 */
export function exitWhenDatabaseLost(
  app: Pick<App, 'services'> & { server: { close(): Promise<unknown> } },
  io: Pick<ServeIo, 'stderr'>,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  app.services.database.onLost((error) => {
    io.stderr(`invoicing: the embedded database stopped (${error.message}); exiting with status ${DATABASE_LOST_EXIT_CODE} so that the service is restarted`);
    const leave = () => {
      clearTimeout(grace);
      exit(DATABASE_LOST_EXIT_CODE);
    };
    const grace = setTimeout(leave, DATABASE_LOST_GRACE_MS);
    app.server.close().then(leave, leave);
  });
}

function stopOnSignals(app: App): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.server.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
