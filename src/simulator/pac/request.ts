/**
 * Reading a PAC request: the SOAP envelope and, for the stamp service, the CFDI it carries,
 * examined (stamp-rules.ts `examineCfdi`) before any state is looked at. Both are pure and cost in
 * proportion to the request, so a large request (a Pagos with thousands of related documents, or
 * an envelope made to be costly) is read on the worker pool and only the small result comes back
 * to the event loop, which the service's own requests share when the simulator runs in-process.
 */
import { MAGIC_SERIE } from './magic.ts';
import { examineCfdi, type Examined } from './stamp-rules.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { isElement, type XmlElement } from '../../cfdi/xml/tree.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import { belongsOnPool, defineTask } from '../../platform/workers/task.ts';
import { param, parseSoapRequest, SoapFault } from '../soap.ts';

/** prepareRequest on a worker thread (request-task.ts). */
const PREPARE_TASK = defineTask<(input: { body: string; examinesCfdi: boolean }) => PreparedRequest>('simulator.prepare-request');

/** What the request's CFDI (the `xml` parameter of stamp, quick_stamp and stamped) turned out to be. */
type RequestCfdi =
  | { outcome: 'not_base64' }
  /** The outage magic value, found in the bytes before anything else is looked at. */
  | { outcome: 'outage' }
  /** For `stamped`: the Sello, when the document parses. */
  | { outcome: 'sello'; sello: string | undefined }
  | Examined;

export interface PacRequest {
  /** The operation element; for an operation with a CFDI, without its `xml` parameter (see `cfdi`). */
  operation: XmlElement;
  cfdi?: RequestCfdi;
}

/** The task's answer: a fault does not survive a thread boundary as a SoapFault, so it travels as data. */
export type PreparedRequest = { request: PacRequest } | { fault: { faultCode: 'Client' | 'Server'; message: string; httpStatus: number } };

const OPERATIONS_WITH_CFDI = new Set(['stamp', 'quick_stamp', 'stamped']);
const OUTAGE_MARK = Buffer.from(`Serie="${MAGIC_SERIE.outage}"`, 'utf8');

/** The CFDI travels as base64Binary; a raw XML document (some clients send it in CDATA) is accepted too. */
function decodeXml(value: string): Buffer | undefined {
  if (value.startsWith('<')) return Buffer.from(value, 'utf8');
  const compact = /\s/.test(value) ? value.replace(/\s+/g, '') : value;
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return undefined;
  return Buffer.from(compact, 'base64');
}

function readCfdi(operation: XmlElement): RequestCfdi {
  const xml = decodeXml(param(operation, 'xml'));
  if (!xml) return { outcome: 'not_base64' };
  if (operation.local === 'stamped') {
    try {
      return { outcome: 'sello', sello: parseCfdi(xml).comprobante.Sello };
    } catch {
      return { outcome: 'sello', sello: undefined };
    }
  }
  if (xml.includes(OUTAGE_MARK)) return { outcome: 'outage' };
  return examineCfdi(xml);
}

/** Reads a request here and now (the pool's task runs this too). */
export function prepareRequest(body: unknown, examinesCfdi: boolean): PreparedRequest {
  try {
    const { operation } = parseSoapRequest(body);
    if (!examinesCfdi || !OPERATIONS_WITH_CFDI.has(operation.local)) return { request: { operation } };
    const cfdi = readCfdi(operation);
    const rest = operation.children.filter((node) => !isElement(node) || node.local !== 'xml');
    return { request: { operation: { ...operation, children: rest }, cfdi } };
  } catch (error) {
    if (error instanceof SoapFault) return { fault: { faultCode: error.faultCode, message: error.message, httpStatus: error.httpStatus } };
    throw error;
  }
}

/** The pool's lane for the simulator's work: it serves no organization of the service. */
const SIMULATOR_LANE = { tenant: 'simulator' };

/** Reads a request, on the pool when it is large; a busy pool is a Server fault with 503, as an overloaded PAC answers. */
export async function readPacRequest(workers: WorkerPool, body: unknown, examinesCfdi: boolean): Promise<PacRequest> {
  let prepared: PreparedRequest;
  // A usual CFDI's envelope is a few KB and is read here.
  if (typeof body === 'string' && belongsOnPool({ bytes: body.length })) {
    try {
      prepared = await workers.run(PREPARE_TASK, { body, examinesCfdi }, SIMULATOR_LANE);
    } catch (error) {
      if (error instanceof ApiError) throw new SoapFault('Server', 'Servicio saturado temporalmente; reintente más tarde.', 503);
      throw error;
    }
  } else {
    prepared = prepareRequest(body, examinesCfdi);
  }
  if ('fault' in prepared) throw new SoapFault(prepared.fault.faultCode, prepared.fault.message, prepared.fault.httpStatus);
  return prepared.request;
}
