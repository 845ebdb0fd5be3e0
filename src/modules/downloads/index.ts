/** SAT bulk downloads: the API, the SAT request planner and the job that carries each request to the CFDI store. */
export { registerDownloadRoutes } from './routes.ts';
export { satFirstDay } from './create-download.ts';
export { registerDownloadJobs, recoverRegistrations } from './jobs.ts';
export { databasePackageStore, filePackageStore, type PackageStore } from './package-store.ts';
export type { DownloadCrashPoint, DownloadDeps } from './ports.ts';
export { satRequestState, startSatRequest, type SatRequestSpec } from './requests.ts';
export type { TreeState } from './settle.ts';
export type { SatParameters } from './planner.ts';
