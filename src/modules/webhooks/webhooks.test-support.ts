import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/support/app.ts';
import { ManualClock } from '../../platform/clock.ts';
import { masterKeyringFor, type MasterKeyring } from '../../platform/crypto/index.ts';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import type { JobQueue } from '../../platform/jobs/types.ts';
import { registerEventRoutes } from '../events/index.ts';
import { registerWebhookJobs, registerWebhookRoutes, type WebhookJobOptions, type WebhookWorker } from './index.ts';

export interface WebhookTestApp extends TestApp {
  clock: ManualClock;
  worker: WebhookWorker;
  /** The master keyring the app was built with (the same MASTER_KEY). */
  keyring: MasterKeyring;
  /** The queue running the webhook jobs; `start()` it for a live worker. */
  jobs: JobQueue;
  /** Runs every due job (the dispatcher included) until none is left. */
  runJobs(): Promise<void>;
}

export interface WebhookTestOptions extends TestAppOptions {
  /** For the webhook jobs, which run on a queue of the test's own (DNS, timeouts, crash points…). */
  jobs?: Omit<WebhookJobOptions, 'keyring'>;
}

/**
 * A test app with the events and webhooks routes and jobs, on a ManualClock. When src/app.ts does
 * not register them yet, they are registered here before the server starts.
 */
export async function createWebhookTestApp(options: WebhookTestOptions = {}): Promise<WebhookTestApp> {
  const clock = new ManualClock(new Date());
  const t = await createTestApp({ ...options, clock });
  const { server, services } = t.app;
  const keyring = masterKeyringFor(t.config);
  if (!server.hasRoute({ method: 'GET', url: '/v1/events' })) registerEventRoutes(server, services);
  if (!server.hasRoute({ method: 'POST', url: '/v1/webhook_endpoints' })) registerWebhookRoutes(server, services, { keyring });
  // A queue of its own runs the delivery jobs, whether or not src/app.ts registers them too: the
  // jobs table is shared, so jobs enqueued by the app are leased here.
  const jobs = createJobQueue({ db: services.db, clock, pollMs: 20 });
  // No lingering: `runJobs` returns as soon as nothing is due.
  const worker = registerWebhookJobs({ ...services, jobs }, { ...options.jobs, keyring, tuning: { lingerMs: 0, ...options.jobs?.tuning } });
  await worker.sealed;
  return {
    ...t,
    clock,
    worker,
    keyring,
    jobs,
    async runJobs() {
      while ((await jobs.runDue()) > 0);
    },
    async close() {
      await jobs.stop();
      worker.close();
      await t.close();
    },
  };
}
