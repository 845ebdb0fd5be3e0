/** Exports: files of the CFDI store or of the invoices (CSV, XLSX, ZIP of XML, with PDFs for invoices) built by a durable job, kept until they expire. */
export { registerExportRoutes } from './routes.ts';
export { registerExportJobs } from './jobs.ts';
