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
  const app = await buildApp({ config });
  app.startWorker();
  if (roles.http) {
    await app.server.listen({ port: config.port, host: config.host });
    io.stdout(`invoicing API listening on ${config.baseUrl} (database: ${app.services.database.kind}, env: ${config.appEnv})`);
    if (app.providers.simulatorUrl) io.stdout(`SAT/PAC simulator at ${app.providers.simulatorUrl}`);
  } else {
    io.stdout(`invoicing worker running (database: ${app.services.database.kind})`);
  }
  stopOnSignals(app);
  return 'running';
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
