import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type DepsOverrides } from '../../src/app.ts';
import { ManualClock, type Clock } from '../../src/platform/clock.ts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import type { CrashHook } from '../../src/platform/crash-points.ts';
import type { LoadMonitor } from '../../src/platform/http/load-shedding.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import type { RateLimiter } from '../../src/platform/http/rate-limit-types.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  config: Config;
  clock: Clock;
  /** `app.server.inject` with a bearer key filled in when given. */
  request(options: InjectOptions & { key?: string }): Promise<LightMyRequestResponse>;
  /** Creates an organization through the public bootstrap endpoint. */
  bootstrap(name?: string): Promise<{ organizationId: string; testKey: string; liveKey: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start the SAT/PAC simulator in process (on the app's clock); off by default because it costs a second. */
  simulator?: boolean;
  clock?: Clock;
  rateLimiter?: RateLimiter;
  loadMonitor?: LoadMonitor;
  /** Worker-pool tasks of the test's own (test/support/pool-hold-task.ts), by name. */
  workerTasks?: Record<string, URL>;
  /** A database of the test's own (a server it stops and starts) instead of a fresh one; closed with the app. */
  database?: DatabaseHandle;
  /** A folder of shipped SAT catalogs (a MANIFEST.json and its files) instead of the package's. */
  shippedCatalogs?: string;
  /** Fakes for modules' dependencies, given to the app as it is built (AppOptions.deps). */
  deps?: DepsOverrides;
  /** The app's crash hook (AppOptions.crashHook). */
  crashHook?: CrashHook;
}

/** An app on a fresh database, configured as a developer's machine would be, with no logging. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    APP_ENV: 'test',
    BASE_URL: 'http://invoicing.test',
    RUN_WORKER: 'false',
    RATE_LIMIT_READ_BURST: '100000',
    RATE_LIMIT_READ_PER_SECOND: '100000',
    RATE_LIMIT_WRITE_BURST: '100000',
    RATE_LIMIT_WRITE_PER_SECOND: '100000',
    // Many tests send dozens of requests at once on a machine busy with other test files: tests of
    // shedding inject their own monitor or bound.
    LOAD_SHED_QUEUE_MS: '0',
    // A fixed key so that test apps never write a generated one into DATA_DIR.
    MASTER_KEY: Buffer.alloc(32, 11).toString('base64'),
    // Production refuses to start without a live PAC; tests of production behaviour get a dummy one.
    ...(options.env?.APP_ENV === 'production' ? { PAC_LIVE_URL: 'https://pac.invalid', PAC_USERNAME: 'test', PAC_PASSWORD: 'test' } : {}),
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(new Date());
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    clock,
    database,
    embedSimulator: options.simulator ?? false,
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.loadMonitor ? { loadMonitor: options.loadMonitor } : {}),
    ...(options.workerTasks ? { workerTasks: options.workerTasks } : {}),
    ...(options.shippedCatalogs ? { shippedCatalogs: options.shippedCatalogs } : {}),
    ...(options.deps ? { deps: options.deps } : {}),
    ...(options.crashHook ? { crashHook: options.crashHook } : {}),
  });
  const request = (injectOptions: InjectOptions & { key?: string }) => {
    const { key, headers, ...rest } = injectOptions;
    return app.server.inject({
      ...rest,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    });
  };
  return {
    app,
    config,
    clock,
    request,
    async bootstrap(name = 'Test organization') {
      const response = await request({ method: 'POST', url: '/v1/organizations', payload: { name } });
      if (response.statusCode !== 201) throw new Error(`bootstrap failed: ${response.statusCode} ${response.body}`);
      const body = response.json();
      return { organizationId: body.id, testKey: body.keys.test.key, liveKey: body.keys.live.key };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
