/**
 * Reading CFDIs for the store, as worker-pool tasks: a batch of downloaded documents to their
 * index fields, or one stored document to its content. Parsing grows with the documents, so none
 * of it runs on the event loop. Plain data in and out.
 */
import { createHash } from 'node:crypto';
import { readCfdiDetails, readCfdiIndex, type CfdiDetails, type CfdiIndex } from '../../cfdi/overview.ts';

export interface IndexTaskInput {
  documents: { name: string; xml: Uint8Array }[];
}

export interface DetailsTaskInput {
  xml: string;
}

export type IndexedDocument = { name: string; index: CfdiIndex; xml: string; sha256: string } | { name: string; unreadable: string };

// The store keeps text, which comes back as the same bytes only if it is UTF-8 (a CFDI always
// is) and keeps a leading BOM: TextDecoder drops it unless told not to.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function indexOne(document: { name: string; xml: Uint8Array }): IndexedDocument {
  let xml: string;
  try {
    xml = UTF8.decode(document.xml);
  } catch {
    return { name: document.name, unreadable: 'The XML is not valid UTF-8 (CFDI must be UTF-8).' };
  }
  try {
    return { name: document.name, index: readCfdiIndex(xml), xml, sha256: createHash('sha256').update(document.xml).digest('hex') };
  } catch (error) {
    return { name: document.name, unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** A batch of downloaded documents to their index fields (task `cfdis.index`). */
export function indexTask(input: IndexTaskInput): IndexedDocument[] {
  return input.documents.map(indexOne);
}

/** One stored document to its content (task `cfdis.details`). */
export function detailsTask(input: DetailsTaskInput): CfdiDetails {
  return readCfdiDetails(input.xml);
}
