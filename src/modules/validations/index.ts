export { registerValidationRoutes } from './routes.ts';
export type { ValidationDeps } from './create-validation.ts';
export { TimbreCertificates } from './timbre-certificates.ts';
