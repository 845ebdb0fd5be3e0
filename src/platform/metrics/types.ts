/**
 * What the rest of the service sees of metrics: the instruments it updates and the sources read at
 * scrape time. The registry behind them (metrics.ts, prom-client) is loaded only when metrics are
 * configured, so a service without them never loads the library.
 */
import type { CacheStats } from '../caches/bounded-cache.ts';
import type { DatabaseLoad } from '../db/database.ts';
import type { WorkerPoolLoad } from '../workers/pool.ts';

/** How a finished job run ended: done, queued again after a failure, or failed for good. */
export type JobRunOutcome = 'succeeded' | 'retried' | 'failed';
/** How one webhook delivery attempt ended: 2xx, retried later, or no attempts left. */
export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** Records one call to the PAC or the SAT: `outcome` is `ok` or how the exchange failed. */
export type ProviderCallRecorder = (service: string, operation: string, outcome: string, seconds: number) => void;

/** Due and running jobs of one kind, from a bounded look at the jobs table. */
export interface JobBacklog {
  kind: string;
  due: number;
  running: number;
  /** When the oldest job still waiting was due; null when none waits. */
  oldestDueAt: Date | null;
}

/** Pending webhook deliveries whose time has come, and when the oldest of them was due. */
interface WebhookOutbox {
  due: number;
  oldestDueAt: Date | null;
}

interface SyncProfileCount {
  status: string;
  mode: string;
  count: number;
}

/**
 * What is read at scrape time, each provided by whoever owns the numbers: the composition root
 * (database, worker pool, rate limiter), the job queue, and the webhooks and sync modules. A
 * source not provided leaves its metrics out.
 */
export interface MetricSources {
  database?: () => DatabaseLoad;
  workerPool?: () => WorkerPoolLoad;
  rateLimiter?: () => { redisReachable: boolean; localDecisions: number };
  jobBacklog?: () => Promise<JobBacklog[]>;
  webhookOutbox?: () => Promise<WebhookOutbox>;
  syncProfiles?: () => Promise<SyncProfileCount[]>;
  caches?: () => CacheStats[];
}

/** At most this many rows are read for one scrape of the job backlog or the webhook outbox. */
export const SAMPLE_ROW_LIMIT = 10_000;

/** One series of a histogram. */
export type Observer = { observe(value: number): void };

export interface Metrics {
  readonly sources: MetricSources;
  /** Requests being handled right now (kept by the HTTP hook, read at scrape time). */
  inFlight: number;
  /** The duration series of one route, method and status class. */
  httpSeries(route: string, method: string, statusClass: string): Observer;
  /** A `/v1` request refused with 503 service.overloaded; `reason` says which rule refused it. */
  requestShed(reason: string): void;
  /** A request refused with 429 by its key's bucket (`read` or `write`). */
  requestRateLimited(rateClass: string): void;
  jobFinished(kind: string, outcome: JobRunOutcome, seconds: number): void;
  webhookAttempt(outcome: WebhookAttemptOutcome): void;
  providerCall: ProviderCallRecorder;
  /** The Prometheus text exposition of every metric. */
  exposition(): Promise<string>;
  readonly contentType: string;
}
