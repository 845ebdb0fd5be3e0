/**
 * The SAT and PAC simulator: its own Fastify server, database, clock and certificate authority,
 * speaking the real services' protocols at the real services' paths (docs/simulator.md). It runs
 * in-process under `invoicing serve` or alone under `invoicing simulator`; the service only ever
 * talks to it over HTTP.
 */
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../platform/db/database.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { migrate, readMigrations } from '../platform/db/migrate.ts';
import { systemClock } from '../platform/clock.ts';
import type { Clock } from '../platform/clock.ts';
import { WorkerPool } from '../platform/workers/pool.ts';
import { openCa } from './ca.ts';
import type { SimulatorCa } from './ca.ts';
import { DEFAULT_SIMULATOR_SETTINGS } from './deps.ts';
import type { SimulatorDeps, SimulatorSettings } from './deps.ts';
import { registerDescargaMasiva } from './descarga/index.ts';
import { Ledger } from './ledger.ts';
import { registerPac } from './pac/index.ts';
import { registerCoreRoutes } from './routes.ts';
import { registerConsulta } from './status/consulta.ts';
import { registerRfcValidation } from './rfc/rfc-validation.ts';
import { sendFault, SoapFault } from './soap.ts';
import type { SimulatorDb } from './schema.ts';
import { packagePath } from '../platform/runtime/layout.ts';

export { DEFAULT_SIMULATOR_SETTINGS } from './deps.ts';
export type { IssuedCredential } from './ca.ts';

const SIMULATOR_MIGRATIONS_DIR = packagePath('src/simulator/migrations/');

/** Largest SOAP request accepted (a CFDI with many items and complements stays far below it). */
const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

export interface StartSimulatorOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * The database the simulator keeps its ledger and CA in. A database dedicated to the simulator,
   * or the service's own with `schema` set: both keep a migration history named schema_migrations.
   */
  database?: DatabaseHandle;
  /**
   * With `database`: the PostgreSQL schema the simulator's tables and migration history live in,
   * created when missing (the service's tables stay in `public`). `serve` keeps the in-process
   * simulator's ledger in schema `simulator` of the service's database (docs/decisions.md, "Memory").
   */
  schema?: string;
  /** Without `database`: PGlite under `${dataDir}/simulator`; in memory when absent. */
  dataDir?: string;
  clock?: Clock;
  /** Base address clients should use when it differs from the listening address (proxies, 0.0.0.0). */
  publicUrl?: string;
  settings?: Partial<SimulatorSettings>;
  /** The worker pool for large requests; the simulator starts (and closes) its own without one. */
  workers?: WorkerPool;
  /** Fastify request logging (off by default: the simulator is quiet unless asked). */
  logger?: boolean;
}

export interface RunningSimulator {
  /** Base address without a trailing slash, e.g. http://127.0.0.1:41234. */
  url: string;
  ca: SimulatorCa;
  ledger: Ledger;
  deps: SimulatorDeps;
  app: FastifyInstance;
  close(): Promise<void>;
}

async function openOwnDatabase(options: StartSimulatorOptions): Promise<{ handle: DatabaseHandle; owned: boolean }> {
  if (options.database) return { handle: options.database, owned: false };
  const dataDir = options.dataDir === undefined ? undefined : path.join(options.dataDir, 'simulator');
  return { handle: await openDatabase({ dataDir }), owned: true };
}

function createApp(logger: boolean): FastifyInstance {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT_BYTES, routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 } });
  // SOAP 1.1 (text/xml) and 1.2 (application/soap+xml) bodies reach the handlers as text.
  app.addContentTypeParser(['text/xml', 'application/xml', 'application/soap+xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Whatever fails before a handler runs (body too large, unknown content type) still answers as a SOAP service.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'simulator request failed');
    return sendFault(reply, new SoapFault(status < 500 ? 'Client' : 'Server', status < 500 ? error.message : 'Internal error.', status));
  });
  return app;
}

export async function startSimulator(options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const clock = options.clock ?? systemClock;
  const settings: SimulatorSettings = { ...DEFAULT_SIMULATOR_SETTINGS, ...options.settings };
  const { handle, owned } = await openOwnDatabase(options);
  // Alone, the simulator is the pool's only tenant: it may use every thread.
  const workers = options.workers ?? new WorkerPool({ threadsPerTenant: Number.POSITIVE_INFINITY });
  const closeOwned = async () => {
    if (owned) await handle.close();
    if (!options.workers) await workers.close();
  };
  try {
    const schema = options.database ? options.schema : undefined;
    await migrate(handle, readMigrations(SIMULATOR_MIGRATIONS_DIR), { schema });
    if (owned && options.dataDir === undefined) await skipWriteAheadLog(handle);
    const tables = handle.db.withTables<Record<never, never>>();
    const db = (schema === undefined ? tables : tables.withSchema(schema)) as unknown as SimulatorDb;
    const ca = await openCa({ db, clock, pac: { rfc: settings.pacRfc, name: settings.pacName }, schema });
    const ledger = new Ledger(db);
    let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
    const deps: SimulatorDeps = { db, database: handle, clock, ca, ledger, settings, workers, publicUrl: () => baseUrl };
    const app = createApp(options.logger ?? false);
    registerCoreRoutes(app, deps);
    registerPac(app, deps);
    registerConsulta(app, deps);
    registerRfcValidation(app, deps);
    await registerDescargaMasiva(app, deps);
    const host = options.host ?? '127.0.0.1';
    const address = await app.listen({ host, port: options.port ?? 0 });
    if (baseUrl === '') baseUrl = listeningUrl(address, host);
    return {
      url: baseUrl,
      ca,
      ledger,
      deps,
      app,
      close: async () => {
        await app.close();
        await closeOwned();
      },
    };
  } catch (error) {
    await closeOwned();
    throw error;
  }
}

/**
 * A database that lives in memory ends with the process whatever its write-ahead log says, so
 * logging the ledger's rows (each carries a whole CFDI) only costs time: the tables written on
 * every stamp become UNLOGGED. A ledger under dataDir keeps its log and its crash safety.
 */
async function skipWriteAheadLog(handle: DatabaseHandle): Promise<void> {
  // sim_relations references sim_cfdis, and a logged table cannot reference an unlogged one.
  await handle.session((exec) => exec('ALTER TABLE sim_relations SET UNLOGGED; ALTER TABLE sim_cfdis SET UNLOGGED;'));
}

/** Fastify's address with a wildcard host replaced by loopback, so clients can dial it. */
function listeningUrl(address: string, host: string): string {
  const url = new URL(address);
  if (host === '0.0.0.0' || host === '::') url.hostname = '127.0.0.1';
  return url.origin;
}
