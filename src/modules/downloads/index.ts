/** SAT bulk downloads: the API, the SAT request planner and the job that carries each request to the CFDI store. */
export { registerDownloadRoutes } from './routes.ts';
export { satFirstDay } from './create-download.ts';
export { registerDownloadJobs } from './jobs.ts';
export type { DownloadCrashPoint, DownloadDeps } from './ports.ts';
export { satRequestState, startSatRequest } from './requests.ts';
