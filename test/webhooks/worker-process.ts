// A webhook worker as its own process, for the kill test: opens the embedded database in the
// given directory and delivers until nothing is pending. The parent kills it (SIGKILL) at random
// moments and starts another, as a crashing deployment would.
// Usage: node --import tsx test/webhooks/worker-process.ts <data dir>
import path from 'node:path';
import { fileBlobStore } from '../../src/platform/blobs/blob-store.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { createJobQueue } from '../../src/platform/jobs/queue.ts';
import { registerWebhookJobs } from '../../src/modules/webhooks/index.ts';
import { WorkerPool } from '../../src/platform/workers/pool.ts';
import { createMailer } from '../../src/platform/mail/index.ts';
import { CacheRegistry } from '../../src/platform/caches/registry.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: worker-process.ts <data dir>');
const database = await openDatabase({ dataDir });
// The service's DATA_DIR is the database's parent (`<DATA_DIR>/pglite`); the master key that
// opens the endpoints' signing secrets lives there too.
const config = loadConfig({ APP_ENV: 'test', DATA_DIR: path.dirname(dataDir), RUN_WORKER: 'false' });
const jobs = createJobQueue({ db: database.db, clock: systemClock, pollMs: 50 });
// Short leases: a delivery claimed by a killed worker is due again two seconds later.
const worker = registerWebhookJobs(
  {
    config,
    database,
    db: database.db,
    clock: systemClock,
    jobs,
    workers: new WorkerPool({ threads: 1 }),
    blobs: fileBlobStore(path.dirname(dataDir)),
    mail: createMailer(config, systemClock),
    caches: new CacheRegistry(),
  },
  { tuning: { concurrency: 8, perEndpoint: 8, leaseMs: 2000, lingerMs: 0, flushIntervalMs: 20, claimIntervalMs: 20 } },
);

async function pending(): Promise<number> {
  const row = await database.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

process.send?.('ready');
while ((await pending()) > 0) {
  await worker.dispatcher.run();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
worker.close();
await database.close();
process.send?.('done');
process.exit(0);
