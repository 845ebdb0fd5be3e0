export { registerUsageRoutes } from './routes.ts';
export { assertCanStamp, recordStamp, stampUsageCtes } from './record-stamp.ts';
export { grantCredits, GrantError } from './grant-credits.ts';
export { validationUsageCtes } from './record-validation.ts';
