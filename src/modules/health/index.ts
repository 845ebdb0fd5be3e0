export { registerHealthRoutes } from './routes.ts';
export type { ReadinessCheck } from './readiness.ts';
