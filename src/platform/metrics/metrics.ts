/**
 * The service's Prometheus metrics: one registry per app (tests build many apps in one process),
 * made by the composition root when metrics are configured and handed to what updates them.
 * Every metric is defined here and in sampled.ts, with low-cardinality labels only: route templates, never raw
 * URLs; kinds, services and outcomes, never tenants or ids (docs/guides/operations.md, "Metrics").
 *
 * Hot paths update plain counters or prom-client children; what other parts already count
 * (the worker pool, the database pool, the rate limiter) and what lives in the database (job
 * backlog, webhook outbox, synchronizations) is read when Prometheus scrapes, never on a request.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { defineCacheMetrics, defineDeliveryMetrics, defineJobMetrics, defineProcessMetrics, SampleReads } from './sampled.ts';
import type { Metrics, MetricSources, Observer } from './types.ts';

/** Seconds; from 5 ms (a cached read) to 10 s (a slow PAC), as Prometheus's defaults. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

class PrometheusMetrics implements Metrics {
  readonly sources: MetricSources = {};
  inFlight = 0;
  readonly contentType: string;
  readonly jobFinished: Metrics['jobFinished'];
  readonly webhookAttempt: Metrics['webhookAttempt'];
  readonly providerCall: Metrics['providerCall'];
  private readonly registry = new Registry();
  private readonly httpDuration: Histogram;
  private readonly shed: Counter;
  private readonly rateLimited: Counter;

  constructor(now: () => Date) {
    const registry = this.registry;
    this.contentType = registry.contentType;
    // Process CPU, memory, file descriptors, GC, and the event loop's delay (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry });
    this.httpDuration = new Histogram({
      name: 'invoicing_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status class, from routing to the last byte of the answer.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const inFlight = () => this.inFlight;
    new Gauge({
      name: 'invoicing_http_requests_in_flight',
      help: 'HTTP requests received and not yet answered.',
      registers: [registry],
      collect() {
        this.set(inFlight());
      },
    });
    this.shed = new Counter({
      name: 'invoicing_http_requests_shed_total',
      help: 'Requests refused with 503 service.overloaded while the service catches up with its load, by reason.',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.rateLimited = new Counter({
      name: 'invoicing_http_requests_rate_limited_total',
      help: "Requests refused with 429 rate_limit.exceeded by their API key's bucket, by class (read or write).",
      labelNames: ['class'],
      registers: [registry],
    });
    const reads = new SampleReads();
    defineProcessMetrics(registry, this.sources);
    defineCacheMetrics(registry, this.sources);
    this.jobFinished = defineJobMetrics(registry, this.sources, reads, now);
    const deliveries = defineDeliveryMetrics(registry, this.sources, reads, now);
    this.webhookAttempt = deliveries.webhookAttempt;
    this.providerCall = deliveries.providerCall;
    reads.defineFailureCounter(registry);
  }

  httpSeries(route: string, method: string, statusClass: string): Observer {
    return this.httpDuration.labels({ route, method, status_class: statusClass });
  }

  requestShed(reason: string): void {
    this.shed.inc({ reason });
  }

  requestRateLimited(rateClass: string): void {
    this.rateLimited.inc({ class: rateClass });
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}

/** The registry with every metric of the service; `now` dates the ages of sampled backlogs. */
export function createMetrics(now: () => Date): Metrics {
  return new PrometheusMetrics(now);
}
