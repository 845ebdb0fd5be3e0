/**
 * The SAT bulk download client (descarga masiva): one port, the nodecfdi-based adapter, the
 * package readers and the endpoint configuration.
 */
export { createDescargaClient } from './client.ts';
export type { DescargaClient, DescargaRequestInput, DescargaVerification } from './client.ts';
export { ProviderError } from '../../../platform/providers/errors.ts';
export { SAT_DESCARGA_URLS, descargaUrls } from './endpoints.ts';
export type { DescargaUrls } from './endpoints.ts';
export { PackageReader, readCfdiPackage, readMetadataPackage } from './package-reader.ts';
export type { MetadataRecord, ThirdPartyRecord } from './package-reader.ts';
