import type { Clock } from './clock.ts';
import type { BlobStore } from './blobs/blob-store.ts';
import type { CacheRegistry } from './caches/registry.ts';
import type { Config } from './config.ts';
import type { Db, DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/types.ts';
import type { Metrics } from './metrics/types.ts';
import type { Mailer } from './mail/types.ts';
import type { WorkerPool } from './workers/pool.ts';

export type Mode = 'test' | 'live';

/** Process-wide dependencies, built once by the composition root (src/app.ts). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  /** Worker threads for CPU-heavy work (PDF rendering, large seals). */
  workers: WorkerPool;
  /** Prometheus metrics, when configured (METRICS_TOKEN or METRICS_PORT); absent otherwise. */
  metrics?: Metrics | undefined;
  /** Bytes kept by key (rendered PDFs, SAT packages): the database's `blobs` table, or files under DATA_DIR on the embedded database. */
  blobs: BlobStore;
  /** Outgoing e-mail: SMTP, the development mail catcher, or none (docs/guides/email.md). */
  mail: Mailer;
  /** This app's caches and per-app state, each bounded and named (platform/caches/). */
  caches: CacheRegistry;
}

/** Who is calling, established by authentication. */
export interface Caller {
  apiKeyId: string;
  /** The organization that owns the API key. */
  keyOrganizationId: string;
  /** The organization whose data the request acts on: a connected account under `Invoice-Account`. */
  organizationId: string;
  /** Set when acting on behalf of a connected account: the platform organization. */
  platformOrganizationId: string | null;
  /** Whether the key's organization is itself a connected account. */
  keyOrganizationIsAccount: boolean;
  mode: Mode;
  keyVersion: string | null;
}

/** Everything a verb needs about one request: explicit, never ambient. */
export interface Ctx {
  services: Services;
  db: Db;
  caller: Caller;
  organizationId: string;
  mode: Mode;
  livemode: boolean;
  requestId: string;
  version: string;
  traceparent: string;
}
