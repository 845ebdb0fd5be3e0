/** The organization's CFDI store: what downloads (and synchronization) bring, and its API. */
export { registerCfdiRoutes } from './routes.ts';
export { storeCfdiDocuments, storeMetadataRecords, type CfdiSource, type StoredDocuments, type StoredMetadata } from './store.ts';
export { broughtBy, countForProfile, type CfdiListRow } from './repository.ts';
export { renderCfdi, type RenderedCfdi } from './serialize.ts';
