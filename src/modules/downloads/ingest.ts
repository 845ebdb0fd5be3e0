/**
 * Reads a stored package into the organization's CFDI store: the zip is streamed through the
 * package reader and its documents (or metadata rows, and the third parties of its
 * `_tercero.txt`) are stored in batches, so memory holds a read chunk and one batch whatever the
 * package's size. Storing is idempotent (the store keeps one row per UUID, and a third party once
 * per UUID), so a crash mid-package simply reads it again.
 */
import type { Services } from '../../platform/context.ts';
import { PackageReader, type MetadataRecord, type ThirdPartyRecord } from '../../providers/sat/descarga/index.ts';
import { storeCfdiDocuments, storeMetadataRecords, storeThirdParties, type CfdiSource } from '../cfdis/index.ts';
import { packageBlobKey, type PackageKey } from './package-key.ts';

/** Documents (or rows) per statement: large enough to amortize a round trip, small enough to bound memory. */
const INGEST_BATCH = 500;
const METADATA_BATCH = 2_000;
const THIRD_PARTY_BATCH = 5_000;

export interface IngestResult {
  /** CFDIs (documents or metadata rows) the package held. */
  count: number;
  inserted: number;
  unreadable: { name: string; reason: string }[];
}

export async function ingestPackage(
  services: Services,
  key: PackageKey,
  source: CfdiSource,
  type: 'cfdi' | 'metadata',
  afterBatch?: () => void,
): Promise<IngestResult> {
  const opened = await services.blobs.open(packageBlobKey(key));
  if (!opened) throw new Error(`Package ${key.requestId}/${key.position} is recorded as stored but is not there`);
  const documents: { name: string; xml: Uint8Array }[] = [];
  const records: MetadataRecord[] = [];
  const thirdParties: ThirdPartyRecord[] = [];
  const reader = new PackageReader(
    type === 'cfdi'
      ? { cfdi: ({ name, xml }) => documents.push({ name, xml }) }
      : { metadata: (record) => records.push(record), thirdParty: (record) => thirdParties.push(record) },
  );
  const result: IngestResult = { count: 0, inserted: 0, unreadable: [] };
  const flush = async (all: boolean) => {
    while (documents.length >= (all ? 1 : INGEST_BATCH)) {
      const batch = documents.splice(0, INGEST_BATCH);
      const stored = await storeCfdiDocuments(services, source, batch);
      result.count += batch.length;
      result.inserted += stored.inserted;
      result.unreadable.push(...stored.unreadable);
      afterBatch?.();
    }
    while (records.length >= (all ? 1 : METADATA_BATCH)) {
      const batch = records.splice(0, METADATA_BATCH);
      const stored = await storeMetadataRecords(services, source, batch);
      result.count += batch.length;
      result.inserted += stored.inserted;
      afterBatch?.();
    }
    // Third parties are not CFDIs: they complete rows (whenever those arrive) and are not counted.
    while (thirdParties.length >= (all ? 1 : THIRD_PARTY_BATCH)) await storeThirdParties(services, source, thirdParties.splice(0, THIRD_PARTY_BATCH));
  };
  for await (const chunk of opened.stream) {
    reader.push(chunk as Uint8Array);
    await flush(false);
  }
  reader.push(new Uint8Array(0), true);
  await flush(true);
  return result;
}
