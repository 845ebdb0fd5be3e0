/** The organization's CFDI store: what downloads (and synchronization) bring, and its API. */
export { registerCfdiRoutes } from './routes.ts';
export { storeCfdiDocuments, storeMetadataRecords, storeThirdParties, type CfdiSource } from './store.ts';
export {
  broughtBy,
  cfdiExportPage,
  cfdisOfPeriod,
  cfdisOfUuids,
  countCfdis,
  countForProfile,
  type CfdiExportDetails,
  type CfdiExportRow,
  type CfdiReportRow,
} from './repository.ts';
export { renderCfdi } from './serialize.ts';
export { cfdiExportDetailsPage, cfdiFilters, type CfdiFilterQuery } from './read-cfdis.ts';
export { CfdiFilterProperties } from './schemas.ts';
