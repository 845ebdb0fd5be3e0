/**
 * Reading CFDIs for the store, as worker-pool tasks: a batch of downloaded documents, or one
 * document stored before its content was kept (read once, then stored), to everything the store
 * keeps of it. Parsing grows with the documents, so none of it runs on the event loop; the
 * content leaves the worker as JSON text, so the event loop does not serialize it either. Plain
 * data in and out.
 */
import { createHash } from 'node:crypto';
import { readCfdiOverview, type CfdiIndex, type ThirdParty } from '../../cfdi/overview.ts';

export interface IndexTaskInput {
  documents: { name: string; xml: Uint8Array }[];
}

export interface DetailsTaskInput {
  xml: string;
}

/** What the store keeps of a document besides its bytes. */
export interface ReadDocument {
  index: CfdiIndex;
  /** The content as JSON text; `null` (the JSON literal) for a version the store does not read. */
  details: string;
  thirdParties: ThirdParty[];
}

export type IndexedDocument = ({ name: string; xml: string; sha256: string } & ReadDocument) | { name: string; unreadable: string };

// The store keeps text, which comes back as the same bytes only if it is UTF-8 (a CFDI always
// is) and keeps a leading BOM: TextDecoder drops it unless told not to.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function readOne(xml: string): ReadDocument {
  const { index, details, thirdParties } = readCfdiOverview(xml);
  return { index, details: JSON.stringify(details), thirdParties };
}

function indexOne(document: { name: string; xml: Uint8Array }): IndexedDocument {
  let xml: string;
  try {
    xml = UTF8.decode(document.xml);
  } catch {
    return { name: document.name, unreadable: 'The XML is not valid UTF-8 (CFDI must be UTF-8).' };
  }
  try {
    return { name: document.name, ...readOne(xml), xml, sha256: createHash('sha256').update(document.xml).digest('hex') };
  } catch (error) {
    return { name: document.name, unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** A batch of downloaded documents to what the store keeps of each (task `cfdis.index`). */
export function indexTask(input: IndexTaskInput): IndexedDocument[] {
  return input.documents.map(indexOne);
}

/** One stored document read again (task `cfdis.details`: rows stored before their details were). */
export function detailsTask(input: DetailsTaskInput): ReadDocument {
  return readOne(input.xml);
}
