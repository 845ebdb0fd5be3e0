export { registerHealthRoutes } from './routes.ts';
export { rateLimitStoreCheck } from './readiness.ts';
export type { ReadinessCheck } from './readiness.ts';
