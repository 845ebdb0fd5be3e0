import fs from 'node:fs';
import path from 'node:path';
import { databaseBlobStore, fileBlobStore } from './platform/blobs/blob-store.ts';
import { CacheRegistry } from './platform/caches/registry.ts';
import type { Clock } from './platform/clock.ts';
import { systemClock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { CrashHook } from './platform/crash-points.ts';
import type { Services } from './platform/context.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { createServer, type Server } from './platform/http/server.ts';
import type { RateLimiter } from './platform/http/rate-limit-types.ts';
import { MemoryRateLimiter } from './platform/http/rate-limit-memory.ts';
import { createJobQueue } from './platform/jobs/queue.ts';
import { createMailer } from './platform/mail/index.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { registerIdempotencyPurge } from './platform/http/idempotency-purge.ts';
import { createRedisRateLimiter, RedisRateLimiter } from './platform/http/rate-limit-redis.ts';
import { registerAccountRoutes } from './modules/accounts/index.ts';
import { createAuthBackend, KeyCache, registerApiKeyRoutes } from './modules/api-keys/index.ts';
import { findOrganizationRecord, registerOrganizationRoutes } from './modules/organizations/index.ts';
import { rateLimitStoreCheck, registerHealthRoutes } from './modules/health/index.ts';
import { registerUsageRoutes } from './modules/usage/index.ts';
import {
  catalogsReadinessCheck,
  createCatalogStore,
  registerCatalogAdminRoutes,
  registerCatalogRoutes,
  shippedLoader,
  type CatalogStore,
} from './modules/catalogs/index.ts';
import { registerVersionRoutes } from './modules/versions/index.ts';
import { registerDocsRoutes } from './modules/docs/index.ts';
import { emitEvent, registerEventRoutes } from './modules/events/index.ts';
import { registerWebhookJobs, registerWebhookRoutes } from './modules/webhooks/index.ts';
import {
  createFiscalProfiles,
  followProfileChanges,
  registerFiscalProfileRoutes,
  signingCredentials,
  type FiscalProfileDeps,
  type FiscalProfiles,
} from './modules/fiscal-profiles/index.ts';
import { masterKeyringFor } from './platform/crypto/index.ts';
import { NEVER_SHED, saturationMonitor, type LoadMonitor } from './platform/http/load-shedding.ts';
import { WorkerPool } from './platform/workers/pool.ts';
import { createProviders, type Providers } from './providers-setup.ts';
import { codeUsage, hasStampedInvoices, invoiceExportSource, registerInvoiceJobs, registerInvoiceRoutes, type InvoiceDeps } from './modules/invoices/index.ts';
import { registerValidationRoutes, TimbreCertificates, type ValidationDeps } from './modules/validations/index.ts';
import { registerCfdiRoutes } from './modules/cfdis/index.ts';
import { registerReportRoutes } from './modules/reports/index.ts';
import { registerDownloadJobs, registerDownloadRoutes, type DownloadDeps } from './modules/downloads/index.ts';
import { createDescargaClient } from './providers/sat/descarga/index.ts';
import { ProviderError, providerProblem } from './platform/providers/errors.ts';
import { expediteSyncTick, registerSyncJobs, registerSyncRoutes, type SyncDeps } from './modules/sync/index.ts';
import { createSessionBackend, registerDashboardRoutes } from './modules/dashboard/index.ts';
import { ApiError } from './platform/errors/api-error.ts';
import { listenForMetrics, registerMetricsRoute, type MetricsListener } from './platform/metrics/http.ts';
import { customerEmails, customerForInvoice, registerCustomerRoutes } from './modules/customers/index.ts';
import { productsForInvoice, registerProductRoutes } from './modules/products/index.ts';
import { registerExportJobs, registerExportRoutes } from './modules/exports/index.ts';

/** What the composition root gives each module that takes dependencies, by module. */
interface ModuleDeps {
  fiscalProfiles: FiscalProfileDeps;
  invoices: InvoiceDeps;
  validations: ValidationDeps;
  downloads: DownloadDeps;
  sync: SyncDeps;
}

/**
 * Per module, what it gets instead of the dependencies the composition root made (given to the
 * function): how a test gives fakes, a PAC that fails, a local manifest signer, once, when it
 * builds the app. Nothing replaces a module's dependencies afterwards.
 */
export type DepsOverrides = { [Module in keyof ModuleDeps]?: (made: ModuleDeps[Module]) => ModuleDeps[Module] };

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** A rate limiter to use instead of the configured one (tests). */
  rateLimiter?: RateLimiter;
  /** The load-shedding monitor instead of the one LOAD_SHED_QUEUE_MS configures (tests). */
  loadMonitor?: LoadMonitor;
  /**
   * Start the SAT/PAC simulator in this process when SIMULATOR_URL is not set (default true).
   * Its ledger lives under DATA_DIR with the embedded database, in memory otherwise.
   */
  embedSimulator?: boolean;
  /** Worker-pool tasks beyond the service's own, by module (tests: WorkerPoolOptions.extraTasks). */
  workerTasks?: Record<string, URL>;
  /** The folder of the shipped SAT catalogs (default the package's sat-catalogs/; tests pass a small one). */
  shippedCatalogs?: string;
  /**
   * Read the large catalogs into memory only in startCatalogLoad, after the server listens
   * (`serve` does, so that it is ready at once); by default they are read before buildApp returns.
   */
  deferLargeCatalogs?: boolean;
  /** Replacements for modules' dependencies (tests: fakes), applied as each module is wired. */
  deps?: DepsOverrides;
  /** Called at every crash point of every module (src/platform/crash-points.ts): crash tests only. */
  crashHook?: CrashHook;
}

export interface App {
  server: Server;
  services: Services;
  /** The SAT catalogs in memory (the CFDI engine's CatalogLookup). */
  catalogs: CatalogStore;
  fiscalProfiles: FiscalProfiles;
  providers: Providers;
  /** What each module was wired with, overrides applied (tests read the real PAC, call a job's verb). */
  deps: ModuleDeps;
  /** Starts the job worker when the config asks for it. */
  startWorker(): void;
  /**
   * The first step of a graceful stop: /readyz turns 503 ("draining") so that load balancers stop
   * sending requests, while everything keeps working until close().
   */
  beginDrain(): void;
  /** Opens the metrics listener when METRICS_PORT is set; returns its address (closed with the app). */
  startMetricsListener(): Promise<string | undefined>;
  /** Starts loading the shipped SAT catalogs in the background (after the server listens). */
  startCatalogLoad(): Promise<void>;
  /** Stops taking connections, lets requests in flight and running jobs finish, then closes the rest. */
  close(): Promise<void>;
}

/** Not ready while the process drains before stopping (App.beginDrain). */
function drainingCheck(isDraining: () => boolean) {
  return {
    name: 'draining',
    run: async () =>
      isDraining() ? { ok: false, detail: 'this instance is shutting down: requests in flight finish, new ones belong elsewhere' } : { ok: true },
  };
}

/** Readiness of the SAT/PAC simulator, reporting its address as `simulator_url` (outside production: docs/contract.md §1). */
function simulatorCheck(url: string) {
  return {
    name: 'simulator',
    async run() {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      if (response?.ok) return { ok: true, facts: { url } };
      return { ok: false, detail: `the simulator at ${url} does not answer`, facts: { url } };
    },
  };
}

/** What metrics read of a Redis rate limiter: the figures /readyz reports. */
function redisCounts(limiter: RedisRateLimiter) {
  const status = limiter.status();
  return { redisReachable: status.redis_reachable, localDecisions: status.local_decisions };
}

/**
 * `serve` on the embedded database keeps the in-process simulator's ledger and CA in schema
 * `simulator` of that same database: a second embedded PostgreSQL would cost about 130 MB
 * (docs/decisions.md, "Memory"). A data folder from an older version, whose simulator has a
 * database of its own under `simulator/`, keeps it, so its test-mode CFDIs stay known.
 */
function sharedSimulatorDatabase(database: DatabaseHandle, dataDir: string): { database: DatabaseHandle; schema: string } | undefined {
  if (database.kind !== 'pglite' || fs.existsSync(path.join(dataDir, 'simulator'))) return undefined;
  return { database, schema: 'simulator' };
}

/** The composition root: the only place that picks adapters (PGlite or PostgreSQL, memory or Redis…). */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    }));
  if (!config.databaseUrl && !options.database) fs.mkdirSync(config.dataDir, { recursive: true });
  await migrate(database);
  // Off unless configured; the library is loaded only then (docs/guides/operations.md, "Metrics").
  const metrics =
    config.metrics.token !== undefined || config.metrics.port !== undefined
      ? (await import('./platform/metrics/metrics.ts')).createMetrics(() => clock.now())
      : undefined;
  const jobs = createJobQueue({ db: database.db, clock, pollMs: config.workerPollMs, metrics });
  const workers = new WorkerPool({
    threads: config.workerThreads,
    threadsPerTenant: config.workerThreadsPerOrganization,
    ...(options.workerTasks ? { extraTasks: options.workerTasks } : {}),
  });
  // On the embedded database, blobs are files under DATA_DIR; on a server (or a database handed in), rows (blob-store.ts).
  const blobs = !config.databaseUrl && !options.database ? fileBlobStore(config.dataDir) : databaseBlobStore(database.db, () => clock.now());
  // Every cache of this app is made by its registry: two apps in one process share none.
  const caches = new CacheRegistry(config.cacheBytes);
  const services: Services = { config, database, db: database.db, clock, jobs, workers, metrics, blobs, mail: createMailer(config, clock), caches };
  // Redis going away moves limits to local buckets (logged once each way, after the server exists).
  const redisEvents = {
    onUnavailable: (error: unknown) => server.log.warn({ err: error }, 'Redis unreachable: rate limits are decided by this process alone until it is back'),
    onRecovered: () => server.log.info('Redis reachable again: rate limits are shared again'),
  };
  const rateLimiter = options.rateLimiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl, redisEvents) : new MemoryRateLimiter());
  // Keys stay in memory while the database's change feed tells this process of every change (KeyCache).
  const keyCache = new KeyCache(database.changes, caches);
  followProfileChanges(database.changes, caches);
  const auth = createAuthBackend(database.db, (id) => findOrganizationRecord(database.db, id), keyCache);
  const inFlight = { count: 0 };
  const loadMonitor =
    options.loadMonitor ??
    (config.loadShed.queueWaitMs > 0
      ? saturationMonitor({
          queues: [database.waiting, workers],
          inFlight: () => inFlight.count,
          expensiveWaitMs: config.loadShed.queueWaitMs,
          expensiveInFlight: config.loadShed.inFlight,
        })
      : NEVER_SHED);
  const server = createServer({ services, auth, rateLimiter, loadMonitor, inFlight, sessions: createSessionBackend(services) });
  if (metrics) {
    Object.assign(metrics.sources, {
      database: database.load,
      workerPool: () => workers.state(),
      caches: () => caches.stats(),
      ...(rateLimiter instanceof RedisRateLimiter ? { rateLimiter: () => redisCounts(rateLimiter) } : {}),
    });
    if (config.metrics.token !== undefined) registerMetricsRoute(server, metrics, config.metrics.token);
  }
  let metricsListener: MetricsListener | undefined;
  const providers = await createProviders({
    config,
    clock,
    metrics,
    embedSimulator: options.embedSimulator ?? true,
    simulatorDataDir: options.database ? undefined : config.dataDir,
    simulatorDatabase: options.database ? undefined : sharedSimulatorDatabase(database, config.dataDir),
    workers,
  });
  // Seeds the built-in catalogs and loads the active ones into memory (the large ones once the
  // server listens: startCatalogLoad); the watch picks up
  // imports made by another process (PostgreSQL deployments) as they are announced, and every minute.
  const catalogs = await createCatalogStore(database.db, { clock, deferLarge: options.deferLargeCatalogs ?? false });
  const stopCatalogWatch = catalogs.watch(60_000, (error) => server.log.warn({ err: error }, 'catalog refresh failed'), database.changes);
  database.changes.onReset((reason) => {
    if (reason.lost)
      server.log.warn(
        { err: reason.error },
        'the connection that hears other processes’ changes was lost: keys and profiles are read from the database until it is back',
      );
    else server.log.info('listening for other processes’ changes');
  });
  // The shipped catalogs the database lacks are loaded in the background once the server listens.
  const shipped = shippedLoader(database.db, {
    clock,
    ...(options.shippedCatalogs ? { directory: options.shippedCatalogs } : {}),
    onCatalog: async () => {
      await catalogs.refresh();
    },
  });

  const keyring = masterKeyringFor(config);
  // Each module's dependencies are made here, once: AppOptions.deps may replace them (tests' fakes),
  // and the one crash hook goes to every module with crash points.
  const crashHook = options.crashHook ? { crashHook: options.crashHook } : {};
  const given = <Module extends keyof ModuleDeps>(module: Module, made: ModuleDeps[Module]): ModuleDeps[Module] => options.deps?.[module]?.(made) ?? made;
  registerIdempotency(server, services, keyring);
  registerIdempotencyPurge(services);
  const reportSimulator = providers.simulatorUrl !== undefined && config.appEnv !== 'production';
  let draining = false;
  const readinessChecks = [
    drainingCheck(() => draining),
    catalogsReadinessCheck(database.db, shipped),
    ...(rateLimiter instanceof RedisRateLimiter ? [rateLimitStoreCheck(rateLimiter)] : []),
    ...(reportSimulator ? [simulatorCheck(providers.simulatorUrl!)] : []),
  ];
  registerHealthRoutes(server, services, readinessChecks, {
    simulatorUrl: reportSimulator ? providers.simulatorUrl : undefined,
  });
  registerVersionRoutes(server);
  registerDocsRoutes(server, services);
  registerOrganizationRoutes(server, services);
  registerApiKeyRoutes(server, services, keyCache);
  registerAccountRoutes(server, services);
  registerUsageRoutes(server, services);
  registerCatalogRoutes(server, services, {
    shipped,
    usage: (ctx, slug) => codeUsage({ db: ctx.db, caches }, ctx.organizationId, ctx.mode, slug === 'clave_unidad' ? 'ClaveUnidad' : 'ClaveProdServ'),
  });
  registerCatalogAdminRoutes(server, services, { store: catalogs, adminToken: config.adminToken });
  registerEventRoutes(server, services);
  registerWebhookRoutes(server, services, { keyring });
  const webhookWorker = registerWebhookJobs(services, { keyring, ...crashHook });
  await webhookWorker.sealed;
  const fiscalProfileDeps = given('fiscalProfiles', {
    keyring,
    manifestSigner: providers.manifestSigner,
    hasStampedInvoices,
    taxRegimes: catalogs.index,
    recordEvent: async (db, event) => {
      await emitEvent(db, event, services);
    },
  });
  registerFiscalProfileRoutes(server, services, fiscalProfileDeps);
  const fiscalProfiles = createFiscalProfiles({ keyring, cache: signingCredentials(caches) });
  const invoiceDeps = given('invoices', {
    fiscalProfiles,
    pacFor: providers.pacFor,
    satStatusFor: providers.satStatusFor,
    catalogs,
    savedParts: { customer: customerForInvoice, products: productsForInvoice, customerEmails },
    ...crashHook,
  });
  registerInvoiceRoutes(server, services, invoiceDeps);
  registerCustomerRoutes(server, services, { catalogs, rfcValidatorFor: providers.rfcValidatorFor });
  registerProductRoutes(server, services, { catalogs });
  const validationDeps = given('validations', {
    catalogs,
    satStatusFor: providers.satStatusFor,
    satCertificatesFor: providers.satCertificatesFor,
    timbreCertificates: new TimbreCertificates(database.db, clock, caches),
  });
  registerValidationRoutes(server, services, validationDeps);
  registerInvoiceJobs(services, invoiceDeps);
  const downloadDeps = given('downloads', {
    loadCredential: fiscalProfiles.loadDownloadCredential,
    descargaClient: (mode, credential) =>
      createDescargaClient({
        urls: providers.descargaUrlsFor(mode),
        fiel: { certificate: credential.certificate, privateKey: Buffer.from(credential.privateKeyPem), password: '' },
        clock,
        ...(metrics ? { recordCall: metrics.providerCall } : {}),
      }),
    // Synchronization's chunks are SAT requests: one that ends moves the sync without waiting for its next tick.
    onRequestDone: expediteSyncTick,
    ...crashHook,
  });
  registerDownloadRoutes(server, services, downloadDeps);
  registerCfdiRoutes(server, services);
  registerReportRoutes(server, services);
  const syncDeps = given('sync', {
    // Enabling a sync authenticates the FIEL with the SAT, so a refused or unreachable SAT is said at once.
    authorize: async (ctx, profileId) => {
      const credential = await downloadDeps.loadCredential(ctx.db, profileId);
      if (!credential)
        throw new ApiError('download.fiel_required', {
          en: `Fiscal profile ${profileId} has no FIEL.`,
          es: `El perfil fiscal ${profileId} no tiene e.firma (FIEL).`,
        });
      try {
        await downloadDeps.descargaClient(ctx.mode, credential).authenticate();
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        throw providerProblem(error, {
          retryAfterSeconds: 30,
          code: (failure) => (failure.transient ? 'download.request_failed' : 'sat.download_rejected'),
        });
      }
    },
  });
  registerSyncRoutes(server, services, syncDeps);
  registerSyncJobs(services);
  registerDownloadJobs(services, downloadDeps);
  registerDashboardRoutes(server, services);
  const exportDeps = { invoices: invoiceExportSource(invoiceDeps) };
  registerExportRoutes(server, services, exportDeps);
  registerExportJobs(services, exportDeps);

  let closed = false;
  return {
    server,
    services,
    catalogs,
    fiscalProfiles,
    providers,
    deps: { fiscalProfiles: fiscalProfileDeps, invoices: invoiceDeps, validations: validationDeps, downloads: downloadDeps, sync: syncDeps },
    startWorker: () => {
      if (config.runWorker) jobs.start();
    },
    beginDrain: () => {
      draining = true;
    },
    async startMetricsListener() {
      if (!metrics || config.metrics.port === undefined) return undefined;
      metricsListener ??= await listenForMetrics(metrics, { host: config.metrics.host, port: config.metrics.port });
      return metricsListener.url;
    },
    startCatalogLoad: () =>
      // The large catalogs already in the database come into memory first, then the shipped ones load.
      shipped.start(() => catalogs.refresh().catch((error: unknown) => server.log.warn({ err: error }, 'catalog refresh failed'))),
    async close() {
      if (closed) return;
      closed = true;
      draining = true;
      await metricsListener?.close();
      stopCatalogWatch();
      await shipped.stop();
      // Requests in flight and running jobs finish side by side; neither takes new work.
      await Promise.all([server.close(), jobs.stop()]);
      webhookWorker.close();
      await rateLimiter.close();
      loadMonitor.close();
      // The embedded simulator reads large requests on the pool: it stops first.
      await providers.close();
      await workers.close();
      services.mail.close();
      if (!options.database) await database.close();
    },
  };
}
