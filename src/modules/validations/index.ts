export { registerValidationRoutes } from './routes.ts';
export { TimbreCertificates } from './timbre-certificates.ts';
