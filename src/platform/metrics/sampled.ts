/**
 * The metrics read when Prometheus scrapes: counts other parts keep (the worker pool, the
 * database's connections, the rate limiter) and bounded reads of the database (the job backlog,
 * the webhook outbox, synchronizations); and the counters of jobs, deliveries and provider calls.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CacheStats } from '../caches/bounded-cache.ts';
import type { WorkerPoolLoad } from '../workers/pool.ts';
import { SAMPLE_ROW_LIMIT, type JobBacklog, type Metrics, type MetricSources } from './types.ts';

/** Calls to the PAC and the SAT take longer than requests: up to their 30 s timeouts. */
const PROVIDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Jobs run from milliseconds (a wake-up) to minutes (a download's package). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

type Labels = Record<string, string>;
/** A metric's values as read from its source: label sets and values; undefined when the read failed. */
type Reading = Array<[Labels, number]> | undefined;

interface Definition {
  name: string;
  help: string;
  labelNames?: string[];
}

/**
 * A gauge whose values are read from a source when Prometheus scrapes. A read that failed keeps
 * the values of the last one that worked (the failure is counted apart); a source with nothing to
 * report leaves a labelled gauge without series.
 */
function sampledGauge(registry: Registry, definition: Definition, read: () => Reading | Promise<Reading>): void {
  new Gauge({
    ...definition,
    registers: [registry],
    async collect() {
      const values = await read();
      if (!values) return;
      this.reset();
      for (const [labels, value] of values) this.set(labels, value);
    },
  });
}

/** A counter whose total another part keeps (the worker pool's, the rate limiter's), copied when scraped. */
function copiedCounter(registry: Registry, definition: Definition, read: () => Reading): void {
  new Counter({
    ...definition,
    registers: [registry],
    collect() {
      const values = read();
      if (!values) return;
      this.reset();
      for (const [labels, value] of values) this.inc(labels, value);
    },
  });
}

/**
 * Reads of the database made for a scrape, and those that failed (the database unreachable): a
 * failure is counted instead of failing the scrape, and leaves those metrics as they were. Its
 * counter is registered last, so that it waits for the reads the scrape started before it.
 */
export class SampleReads {
  private readonly failures = new Map<string, number>();
  private readonly running = new Set<Promise<unknown>>();

  /**
   * One run of an async source shared by every metric that reads it in the same scrape (all of a
   * scrape's collectors start in the same turn); undefined when there is no source or it failed.
   */
  shared<T>(name: string, source: () => Promise<T> | undefined): () => Promise<T | undefined> {
    let current: Promise<T | undefined> | undefined;
    return () => {
      if (current) return current;
      const reading = source();
      if (!reading) return Promise.resolve(undefined);
      const settled = reading.catch(() => {
        this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
        return undefined;
      });
      current = settled;
      this.running.add(settled);
      void settled.finally(() => {
        current = undefined;
        this.running.delete(settled);
      });
      return settled;
    };
  }

  defineFailureCounter(registry: Registry): void {
    const { failures, running } = this;
    new Counter({
      name: 'invoicing_metrics_sample_failures_total',
      help: 'Scrapes that could not read a source (the database unreachable): its metrics kept their last values in that scrape.',
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        await Promise.all([...running]);
        this.reset();
        for (const [source, count] of failures) this.inc({ source }, count);
      },
    });
  }
}

function secondsSince(now: Date, then: Date | null): number {
  return then ? Math.max(0, (now.getTime() - then.getTime()) / 1000) : 0;
}

/** The worker pool, the database's connections and the rate limiter: counts other parts keep. */
export function defineProcessMetrics(registry: Registry, sources: MetricSources): void {
  const pool = (value: (load: WorkerPoolLoad) => number) => (): Reading => (sources.workerPool ? [[{}, value(sources.workerPool())]] : undefined);
  sampledGauge(
    registry,
    { name: 'invoicing_worker_pool_queued_tasks', help: 'CPU-heavy tasks waiting for a worker thread.' },
    pool((load) => load.queued),
  );
  sampledGauge(
    registry,
    {
      name: 'invoicing_worker_pool_utilization_ratio',
      help: "The worker pool's utilization as piscina reports it: the run time of its completed tasks over its capacity, 0 to 1.",
    },
    pool((load) => load.utilization),
  );
  sampledGauge(
    registry,
    { name: 'invoicing_worker_pool_threads', help: 'Worker threads running (they start on demand and stop after ten idle minutes).' },
    pool((load) => load.threads),
  );
  copiedCounter(
    registry,
    { name: 'invoicing_worker_pool_tasks_completed_total', help: 'Tasks the worker pool completed.' },
    pool((load) => load.completed),
  );
  copiedCounter(
    registry,
    { name: 'invoicing_worker_pool_tasks_refused_total', help: 'Tasks refused with 503 service.overloaded because the queue of the worker pool was full.' },
    pool((load) => load.refused),
  );
  copiedCounter(
    registry,
    { name: 'invoicing_worker_pool_tasks_timed_out_total', help: 'Tasks stopped at their time limit (503 service.task_timeout).' },
    pool((load) => load.timedOut),
  );

  sampledGauge(
    registry,
    { name: 'invoicing_db_pool_connections', help: 'Connections of the PostgreSQL pool, by state (idle or in_use).', labelNames: ['state'] },
    () => {
      const load = sources.database?.();
      if (load?.kind !== 'postgres') return [];
      return [
        [{ state: 'idle' }, load.idle],
        [{ state: 'in_use' }, load.total - load.idle],
      ];
    },
  );
  sampledGauge(
    registry,
    {
      name: 'invoicing_db_waiting_requests',
      help: "Database work waiting its turn, by database: for a pooled connection (postgres), or for the embedded database's one connection (pglite).",
      labelNames: ['database'],
    },
    () => {
      const load = sources.database?.();
      return load ? [[{ database: load.kind }, load.waiting]] : [];
    },
  );
  sampledGauge(
    registry,
    { name: 'invoicing_db_calls_in_flight', help: "Statements sent to the embedded database's thread and not yet answered.", labelNames: ['database'] },
    () => {
      const load = sources.database?.();
      return load?.kind === 'pglite' ? [[{ database: load.kind }, load.inFlight]] : [];
    },
  );

  sampledGauge(
    registry,
    {
      name: 'invoicing_rate_limit_redis_reachable',
      help: 'Whether the Redis rate-limit store answers (1) or limits are decided by local buckets (0); only with REDIS_URL.',
      labelNames: ['store'],
    },
    () => {
      const status = sources.rateLimiter?.();
      return status ? [[{ store: 'redis' }, status.redisReachable ? 1 : 0]] : [];
    },
  );
  copiedCounter(
    registry,
    {
      name: 'invoicing_rate_limit_local_decisions_total',
      help: 'Requests whose rate limit this process decided with its own buckets because Redis could not be reached; only with REDIS_URL.',
      labelNames: ['store'],
    },
    () => {
      const status = sources.rateLimiter?.();
      return status ? [[{ store: 'redis' }, status.localDecisions]] : [];
    },
  );
}

/** Each cache of the app (platform/caches/): what it holds, its bound, and how often it answered. */
export function defineCacheMetrics(registry: Registry, sources: MetricSources): void {
  const perCache = (value: (stats: CacheStats) => number) => (): Reading => sources.caches?.().map((stats) => [{ cache: stats.name }, value(stats)]);
  sampledGauge(
    registry,
    { name: 'invoicing_cache_bytes', help: "Bytes a cache holds, as its entries' sizes count them, by cache.", labelNames: ['cache'] },
    perCache((stats) => stats.bytes),
  );
  sampledGauge(
    registry,
    { name: 'invoicing_cache_max_bytes', help: 'The most bytes a cache may hold (its bound), by cache.', labelNames: ['cache'] },
    perCache((stats) => stats.maxBytes),
  );
  sampledGauge(
    registry,
    { name: 'invoicing_cache_entries', help: 'Entries a cache holds, by cache.', labelNames: ['cache'] },
    perCache((stats) => stats.entries),
  );
  copiedCounter(
    registry,
    { name: 'invoicing_cache_hits_total', help: 'Reads a cache answered from memory, by cache.', labelNames: ['cache'] },
    perCache((stats) => stats.hits),
  );
  copiedCounter(
    registry,
    { name: 'invoicing_cache_misses_total', help: 'Reads a cache could not answer (absent or expired), by cache.', labelNames: ['cache'] },
    perCache((stats) => stats.misses),
  );
}

/** Job runs as they finish, and the backlog read from the jobs table at scrape time. */
export function defineJobMetrics(registry: Registry, sources: MetricSources, reads: SampleReads, now: () => Date): Metrics['jobFinished'] {
  const finished = new Counter({
    name: 'invoicing_jobs_finished_total',
    help: 'Job runs by kind and outcome: succeeded, retried (queued again after a failure) or failed (no attempts left).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'invoicing_job_duration_seconds',
    help: "Job runs' handler time by kind.",
    labelNames: ['kind'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const backlog = reads.shared('jobs', () => sources.jobBacklog?.());
  const perKind = (name: string, help: string, value: (row: JobBacklog) => number | undefined) =>
    sampledGauge(registry, { name, help, labelNames: ['kind'] }, async () => {
      const rows = await backlog();
      return rows?.flatMap((row): Array<[Labels, number]> => {
        const sampled = value(row);
        return sampled === undefined ? [] : [[{ kind: row.kind }, sampled]];
      });
    });
  perKind('invoicing_jobs_due', `Queued jobs whose time has come, by kind (the ${SAMPLE_ROW_LIMIT} longest due at most are read).`, (row) => row.due);
  perKind('invoicing_jobs_running', 'Jobs leased by a worker and not finished, by kind.', (row) => row.running);
  perKind('invoicing_jobs_oldest_due_age_seconds', 'How long the oldest due job of each kind has been waiting for a worker.', (row) =>
    row.oldestDueAt ? secondsSince(now(), row.oldestDueAt) : undefined,
  );
  return (kind, outcome, seconds) => {
    finished.inc({ kind, outcome });
    duration.observe({ kind }, seconds);
  };
}

/** Webhook attempts, the outbox's lag, calls to the PAC and the SAT, and synchronizations. */
export function defineDeliveryMetrics(
  registry: Registry,
  sources: MetricSources,
  reads: SampleReads,
  now: () => Date,
): Pick<Metrics, 'webhookAttempt' | 'providerCall'> {
  const attempts = new Counter({
    name: 'invoicing_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: succeeded (2xx), retrying (another attempt is scheduled) or failed (no attempts left, or 410 Gone).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const outbox = reads.shared('webhooks', () => sources.webhookOutbox?.());
  sampledGauge(
    registry,
    {
      name: 'invoicing_webhook_outbox_due_deliveries',
      help: `Pending webhook deliveries whose time has come (the ${SAMPLE_ROW_LIMIT} longest due at most are read).`,
    },
    async () => {
      const sample = await outbox();
      return sample && [[{}, sample.due]];
    },
  );
  sampledGauge(
    registry,
    { name: 'invoicing_webhook_outbox_lag_seconds', help: 'How long the oldest due webhook delivery has been waiting to be attempted (0 when none waits).' },
    async () => {
      const sample = await outbox();
      return sample && [[{}, secondsSince(now(), sample.oldestDueAt)]];
    },
  );

  const calls = new Histogram({
    name: 'invoicing_provider_call_duration_seconds',
    help: 'Calls to the PAC and the SAT (or the simulator standing in for them) by service, operation and outcome: ok, or how the exchange failed.',
    labelNames: ['service', 'operation', 'outcome'],
    buckets: PROVIDER_BUCKETS,
    registers: [registry],
  });

  const syncs = reads.shared('sync', () => sources.syncProfiles?.());
  sampledGauge(
    registry,
    { name: 'invoicing_sync_profiles', help: 'Fiscal profiles with automatic SAT synchronization, by status and mode.', labelNames: ['status', 'mode'] },
    async () => (await syncs())?.map((row): [Labels, number] => [{ status: row.status, mode: row.mode }, row.count]),
  );
  return {
    webhookAttempt: (outcome) => attempts.inc({ outcome }),
    providerCall: (service, operation, outcome, seconds) => calls.observe({ service, operation, outcome }, seconds),
  };
}
