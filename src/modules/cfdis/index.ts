/** The organization's CFDI store: what downloads (and synchronization) bring, and its API. */
export { registerCfdiRoutes } from './routes.ts';
export { storeCfdiDocuments, storeMetadataRecords, storeThirdParties, type CfdiSource } from './store.ts';
export { broughtBy, countForProfile } from './repository.ts';
export { renderCfdi } from './serialize.ts';
