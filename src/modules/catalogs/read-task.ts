/**
 * Task `catalogs.read-files`: reads and checks an import's files on a worker thread, so that an
 * import sent to a running server (a SAT workbook takes seconds of CPU to read) never stalls its
 * event loop. A rejected file is an answer, not a thrown error, so its message reaches the caller.
 */
import { readCatalogFiles, type ReadCatalogs } from './import-catalogs.ts';
import { CatalogImportError } from './parse-table.ts';

export default async function readFilesTask(input: { path: string }): Promise<{ read: ReadCatalogs } | { rejected: string }> {
  try {
    return { read: await readCatalogFiles(input.path) };
  } catch (error) {
    if (error instanceof CatalogImportError) return { rejected: error.message };
    throw error;
  }
}
