export { registerWebhookRoutes } from './routes.ts';
export { registerWebhookJobs, type WebhookJobOptions, type WebhookWorker } from './jobs.ts';
