import type { Services } from '../../platform/context.ts';
import type { CrashHook } from '../../platform/crash-points.ts';
import { masterKeyringFor, type MasterKeyring } from '../../platform/crypto/index.ts';
import { EVENTS_PUBLISHED_JOB } from '../events/index.ts';
import { DEFAULT_TUNING, Dispatcher, DISPATCH_JOB, type DispatcherTuning } from './dispatcher.ts';
import { cachingResolver, policyFor } from './policy.ts';
import { DELIVERY_TIMEOUT_MS, RESPONSE_BODY_LIMIT_BYTES } from './schedule.ts';
import { sealPlaintextSecrets } from './secrets.ts';
import { createSender, type Sender } from './sender.ts';
import type { Resolver } from './url-guard.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { SAMPLE_ROW_LIMIT, type WebhookAttemptOutcome } from '../../platform/metrics/types.ts';
import type { AttemptOutcome } from './attempt.ts';
import { dueDeliveries } from './deliveries-repository.ts';

const ATTEMPT_OUTCOMES: Record<AttemptOutcome['status'], WebhookAttemptOutcome> = { succeeded: 'succeeded', pending: 'retrying', failed: 'failed' };

/** A safety net: finds work no job announced (a lost wake-up, a lease left by a dead worker). */
const SWEEP_JOB = defineJob('webhooks.sweep', NoPayload);
const SWEEP_INTERVAL_MS = 10_000;

export interface WebhookJobOptions {
  /** Opens the endpoints' sealed signing secrets to sign deliveries (default: the configured one). */
  keyring?: MasterKeyring;
  resolver?: Resolver;
  /** How long a DNS answer is reused for a burst of deliveries (0: ask every time). */
  dnsCacheMs?: number;
  /** Jitter source for retry delays, in [0, 1). */
  random?: () => number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  tuning?: Partial<DispatcherTuning>;
  sender?: Sender;
  /** The app's crash hook (src/platform/crash-points.ts): none outside crash tests. */
  crashHook?: CrashHook;
}

export interface WebhookWorker {
  dispatcher: Dispatcher;
  /**
   * Settles when the secrets still stored in plaintext at start have been sealed (how many).
   * Deliveries do not wait for it: they read either form.
   */
  sealed: Promise<number>;
  /** Closes the keep-alive connections to receivers. */
  close(): void;
}

/**
 * Registers the delivery jobs on the queue: `events.published` (new events), `webhooks.dispatch`
 * (retries due, resends, a drain's continuation) and the `webhooks.sweep` schedule. All three run
 * the same dispatcher, which does nothing when nothing is due. First it seals any signing secret
 * still stored in plaintext (rows written before encryption); doing so again finds none.
 */
export function registerWebhookJobs(services: Services, options: WebhookJobOptions = {}): WebhookWorker {
  const keyring = options.keyring ?? masterKeyringFor(services.config);
  const sealed = sealPlaintextSecrets(services.db, keyring);
  // Awaited by whoever starts the process (src/app.ts); this only keeps a failure from going unhandled here.
  sealed.catch(() => undefined);
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const sender = options.sender ?? createSender({ maxSocketsPerHost: tuning.perEndpoint });
  const { metrics } = services;
  if (metrics) metrics.sources.webhookOutbox = () => dueDeliveries(services.db, services.clock.now(), SAMPLE_ROW_LIMIT);
  const dispatcher = new Dispatcher({
    db: services.db,
    deps: services,
    tuning,
    ...(metrics ? { onAttempt: (status: AttemptOutcome['status']) => metrics.webhookAttempt(ATTEMPT_OUTCOMES[status]) } : {}),
    attempt: {
      policy: policyFor(services.config, cachingResolver(options.resolver ?? policyFor(services.config).resolve, services.caches, options.dnsCacheMs)),
      sender,
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      maxResponseBytes: options.maxResponseBytes ?? RESPONSE_BODY_LIMIT_BYTES,
      userAgent: `Invoicing-Webhooks/1.0 (+${services.config.baseUrl}/docs/guides/webhooks)`,
      random: options.random ?? Math.random,
      keyring,
    },
    ...(options.crashHook ? { crashHook: options.crashHook } : {}),
  });
  const run = () => dispatcher.run();
  services.jobs.register(EVENTS_PUBLISHED_JOB, run);
  services.jobs.register(DISPATCH_JOB, run);
  services.jobs.schedule(SWEEP_JOB, SWEEP_INTERVAL_MS, run);
  return { dispatcher, sealed, close: () => sender.close() };
}
