/** Exports: files of the CFDI store (CSV, XLSX, ZIP of XML) built by a durable job, kept until they expire. */
export { registerExportRoutes } from './routes.ts';
export { registerExportJobs } from './jobs.ts';
export { databaseExportStore, fileExportStore } from './export-store.ts';
