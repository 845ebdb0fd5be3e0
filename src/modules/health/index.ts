export { registerHealthRoutes } from './routes.ts';
export { databaseCheck, type CheckResult, type ReadinessCheck } from './readiness.ts';
