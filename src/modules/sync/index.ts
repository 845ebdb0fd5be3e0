/** Automatic SAT synchronization of a profile's CFDI history into the CFDI store. */
export { registerSyncRoutes } from './routes.ts';
export type { SyncDeps } from './ports.ts';
export { expediteSyncTick, registerSyncJobs } from './jobs.ts';
export { syncTick } from './scheduler.ts';
