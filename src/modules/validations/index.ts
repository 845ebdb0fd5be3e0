export { registerValidationRoutes } from './routes.ts';
export { MAX_VALIDATION_XML_BYTES, type ValidationDeps } from './create-validation.ts';
export { TimbreCertificates } from './timbre-certificates.ts';
export { renderValidation, type RenderedValidation } from './serialize.ts';
