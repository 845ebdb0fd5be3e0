/**
 * Reading CFDIs for the store, as worker-pool tasks: a batch of downloaded documents to the rows
 * the store inserts, or one document stored before its content was kept (read once, then
 * stored). Parsing grows with the documents, so none of it runs on the event loop. A batch's rows
 * leave the worker ready to insert, as one JSON array in UTF-8 bytes moved (not copied) to the
 * main thread, which passes them to the database as one parameter: the main thread holds no
 * object per document, and the XML crosses from the worker as part of one buffer instead of as a
 * string per document and a statement parameter per column (docs/decisions.md, "Memory").
 */
import { createHash } from 'node:crypto';
import { readCfdiOverview, type CfdiIndex, type ThirdParty } from '../../cfdi/overview.ts';
import { newId } from '../../platform/ids.ts';
import { movingBuffers } from '../../platform/workers/task.ts';
import { parsedFields } from './document-row.ts';
import type { DocumentRow, ThirdPartyRow } from './store-repository.ts';

export interface RowsTaskInput {
  documents: { name: string; xml: Uint8Array }[];
  /** The batch's time (ms), in the ids of its rows. */
  at: number;
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

/** A batch of documents as the store inserts them (task `cfdis.rows`). */
export interface DocumentRows {
  /** The rows, a JSON array of DocumentRow (the content as a JSON value, not text) in UTF-8; `[]` for none. */
  rows: Uint8Array;
  /** The UUIDs of the rows, in order: the first copy of a UUID in the batch is its row, a later one is not. */
  uuids: string[];
  /** Documents read as CFDIs, a UUID's later copies included. */
  read: number;
  thirdParties: ThirdPartyRow[];
  unreadable: { name: string; reason: string }[];
}

// The store keeps text, which comes back as the same bytes only if it is UTF-8 (a CFDI always
// is) and keeps a leading BOM: TextDecoder drops it unless told not to.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

function readOne(xml: string): ReadDocument {
  const { index, details, thirdParties } = readCfdiOverview(xml);
  return { index, details: JSON.stringify(details), thirdParties };
}

/**
 * A batch of downloaded documents to the rows the store inserts (task `cfdis.rows`): each
 * document's index fields, content, hash and third parties, with an id of the batch's time. A
 * document that is not UTF-8, not a CFDI, or has no TimbreFiscalDigital UUID is named in
 * `unreadable` with the reason.
 */
export function rowsTask(input: RowsTaskInput): DocumentRows {
  const rows: string[] = [];
  const uuids: string[] = [];
  const held = new Set<string>();
  const result: Omit<DocumentRows, 'rows'> = { uuids, read: 0, thirdParties: [], unreadable: [] };
  for (const document of input.documents) {
    let xml: string;
    try {
      xml = UTF8.decode(document.xml);
    } catch {
      result.unreadable.push({ name: document.name, reason: 'The XML is not valid UTF-8 (CFDI must be UTF-8).' });
      continue;
    }
    let overview: ReturnType<typeof readCfdiOverview>;
    try {
      overview = readCfdiOverview(xml);
    } catch (error) {
      result.unreadable.push({ name: document.name, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    result.read += 1;
    const { uuid } = overview.index;
    if (held.has(uuid)) continue;
    held.add(uuid);
    const row: Omit<DocumentRow, 'details'> & { details: unknown } = {
      id: newId('cfdi', input.at),
      uuid,
      ...parsedFields(overview.index),
      xml,
      xml_sha256: createHash('sha256').update(document.xml).digest('hex'),
      details: overview.details,
    };
    rows.push(JSON.stringify(row));
    uuids.push(uuid);
    for (const party of overview.thirdParties) result.thirdParties.push({ uuid, rfc: party.rfc, nombre: party.nombre });
  }
  const bytes = encoder.encode(`[${rows.join(',')}]`);
  return movingBuffers({ ...result, rows: bytes }, [bytes.buffer]);
}

/** One stored document read again (task `cfdis.details`: rows stored before their details were). */
export function detailsTask(input: DetailsTaskInput): ReadDocument {
  return readOne(input.xml);
}
