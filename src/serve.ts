/** `invoicing serve` and `invoicing worker`: the HTTP app and the job worker, until a signal stops them. */
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app.ts';
import type { Config } from './platform/config.ts';
import { releaseFreedMemory } from './platform/runtime/release-memory.ts';
import { startWarnings } from './start-warnings.ts';

/** Where `serve` writes what the person who started it reads. */
interface ServeIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
}

export async function serve(config: Config, io: ServeIo, roles: { http: boolean }): Promise<'running'> {
  // A process of `serve --processes N`: its supervisor says these once for all.
  const supervised = io.env?.INVOICING_SUPERVISED === '1';
  if (!supervised) for (const warning of startWarnings(config)) io.stderr(`warning: ${warning}`);
  const app = await buildApp({ config, deferLargeCatalogs: roles.http });
  app.startWorker();
  if (roles.http) {
    await app.server.listen({ port: config.port, host: config.host });
    // The load allocates and frees a few hundred MB; V8 would give the emptied pages back only
    // minutes later (docs/decisions.md, "Memory"), so they are given back once it settles.
    void app.startCatalogLoad().then(() => {
      const { before, after } = releaseFreedMemory();
      app.server.log.info(
        { rss_before_mb: Math.round(before / 2 ** 20), rss_after_mb: Math.round(after / 2 ** 20) },
        'catalogs loaded; freed memory returned to the system',
      );
    });
    if (!supervised) {
      // PORT=0 takes any free port: say which (BASE_URL, the public address, may differ behind a proxy).
      const { port } = app.server.server.address() as AddressInfo;
      const listening = config.port === 0 ? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}` : config.baseUrl;
      io.stdout(`invoicing API listening on ${listening} (database: ${app.services.database.kind}, env: ${config.appEnv})`);
      if (app.providers.simulatorUrl) io.stdout(`SAT/PAC simulator at ${app.providers.simulatorUrl}`);
    }
  } else {
    io.stdout(`invoicing worker running (database: ${app.services.database.kind})`);
  }
  const metricsUrl = await app.startMetricsListener();
  if (metricsUrl) io.stdout(`metrics at ${metricsUrl}`);
  stopOnSignals(app, config, supervised);
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

/**
 * SIGTERM or SIGINT stops the process gracefully: /readyz turns 503 at once, the process keeps
 * serving for SHUTDOWN_DELAY_MS (time for a load balancer to notice), then stops taking connections
 * and lets requests in flight and running jobs finish, exiting 0; past SHUTDOWN_TIMEOUT_MS it exits
 * 1 with work unfinished (jobs are leased, so another worker takes theirs again). A second signal
 * exits at once.
 */
function stopOnSignals(app: App, config: Config, supervised: boolean): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.server.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.beginDrain();
    app.server.log.info({ signal, delayMs: config.shutdown.delayMs, timeoutMs: config.shutdown.timeoutMs }, 'draining, then shutting down');
    const deadline = setTimeout(() => {
      app.server.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown timed out with work unfinished');
      process.exit(1);
    }, config.shutdown.timeoutMs);
    deadline.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.server.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, config.shutdown.delayMs);
  };
  // Under `serve --processes`, Ctrl-C reaches the supervisor and its children alike, and the
  // supervisor then sends SIGTERM: a child waits for that one, or it would count two signals.
  if (!supervised) process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
