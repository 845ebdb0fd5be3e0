/**
 * Reading CFDIs for the store, as worker-pool tasks: a batch of downloaded documents to their
 * index fields, or one stored document to its content. Parsing grows with the documents, so none
 * of it runs on the event loop. Plain data in and out.
 */
import { createHash } from 'node:crypto';
import { readCfdiDetails, readCfdiIndex, type CfdiIndex } from '../../cfdi/overview.ts';

export interface IndexTaskInput {
  kind: 'index';
  documents: { name: string; xml: Uint8Array }[];
}

export interface DetailsTaskInput {
  kind: 'details';
  xml: string;
}

export type IndexedDocument =
  | { name: string; index: CfdiIndex; xml: string; sha256: string }
  | { name: string; unreadable: string };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function indexOne(document: { name: string; xml: Uint8Array }): IndexedDocument {
  try {
    // The store keeps text: a document that is not UTF-8 would not come back byte for byte.
    const xml = UTF8.decode(document.xml);
    return { name: document.name, index: readCfdiIndex(xml), xml, sha256: createHash('sha256').update(document.xml).digest('hex') };
  } catch (error) {
    return { name: document.name, unreadable: error instanceof Error ? error.message : String(error) };
  }
}

export default function readTask(input: IndexTaskInput | DetailsTaskInput): IndexedDocument[] | Record<string, unknown> {
  if (input.kind === 'details') return readCfdiDetails(input.xml);
  return input.documents.map(indexOne);
}
