/** Reports: figures of a fiscal profile's month from the CFDI store. */
export { registerReportRoutes } from './routes.ts';
