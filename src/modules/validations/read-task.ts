/**
 * Step 1 of the CFDI checks (cfdi/check.ts) as a worker-pool task: parsing, the XSD structure
 * and the Sello's cadena original grow with the document (a 4 MB CFDI takes a fair share of a
 * second), so none of it runs on the event loop. Plain data in and out.
 */
import { readCfdi, type CfdiReading } from '../../cfdi/check.ts';
import { isCfdiError } from '../../cfdi/errors.ts';
import { cfdiSchemaChecker } from '../../providers/sat/schemas.ts';

export interface ReadTaskInput {
  xml: Uint8Array;
  maxBytes: number;
}

/** Either what was read, or why the bytes are no XML document (a problem, nothing stored). */
export type ReadTaskOutput = { reading: CfdiReading } | { unreadable: { code: string; message: string; path: string | null } };

export default async function readTask(input: ReadTaskInput): Promise<ReadTaskOutput> {
  const schema = await cfdiSchemaChecker();
  try {
    return { reading: readCfdi(input.xml, { schema, parse: { maxBytes: input.maxBytes } }) };
  } catch (error) {
    if (!isCfdiError(error)) throw error;
    return { unreadable: { code: error.code, message: error.message, path: error.path ?? null } };
  }
}
