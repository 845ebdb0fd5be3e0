export { registerWebhookRoutes } from './routes.ts';
export type { WebhookRouteOptions } from './policy.ts';
export { registerWebhookJobs, SWEEP_JOB, SWEEP_INTERVAL_MS, type WebhookJobOptions, type WebhookWorker } from './jobs.ts';
export { DISPATCH_JOB, type CrashPoint, type DispatcherTuning } from './dispatcher.ts';
export { WebhookEndpoint, WebhookDelivery } from './schemas.ts';
export { checkWebhookUrl, UrlRefusal, type Resolver, type ResolvedAddress, type UrlPolicy } from './url-guard.ts';
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, RETRY_JITTER, DELIVERY_TIMEOUT_MS, DISABLE_AFTER_FAILING_MS } from './schedule.ts';
