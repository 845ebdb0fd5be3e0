/**
 * Where rendered PDFs are kept (docs/decisions.md, "Rendered PDFs"). On PostgreSQL, in the
 * `invoice_pdfs` table, so every node serves what one rendered. On the embedded database, as files
 * under DATA_DIR: PGlite has one connection and moves a bytea at about 65 ms (read) and 180 ms
 * (write) per megabyte, during which no other statement runs, while files are read and written in
 * parallel.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/db/database.ts';
import { findInvoicePdf, storeInvoicePdf } from './pdf-repository.ts';

export interface PdfStore {
  /** The PDF rendered for this invoice under this fingerprint, if it is kept. */
  find(db: Db, invoiceId: string, fingerprint: string): Promise<Buffer | undefined>;
  /** Keeps this rendering, replacing the invoice's earlier ones. */
  store(db: Db, invoiceId: string, fingerprint: string, body: Buffer, at: Date): Promise<void>;
}

export const databasePdfStore: PdfStore = {
  async find(db, invoiceId, fingerprint) {
    const row = await findInvoicePdf(db, invoiceId);
    return row?.fingerprint === fingerprint ? row.body : undefined;
  },
  store: storeInvoicePdf,
};

const SAFE_NAME = /^[a-z0-9_]+$/;

/** One folder per invoice, one `<fingerprint>.pdf` in it; written to a temporary name, then renamed. */
export function filePdfStore(directory: string): PdfStore {
  const folderOf = (invoiceId: string) => {
    if (!SAFE_NAME.test(invoiceId)) throw new Error(`not an invoice id: ${invoiceId}`);
    return path.join(directory, invoiceId);
  };
  return {
    async find(_db, invoiceId, fingerprint) {
      try {
        return await fs.readFile(path.join(folderOf(invoiceId), `${fingerprint}.pdf`));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async store(_db, invoiceId, fingerprint, body) {
      const folder = folderOf(invoiceId);
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, `${fingerprint}.pdf`);
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, body, { mode: 0o600 });
      await fs.rename(temporary, file);
      for (const name of await fs.readdir(folder)) {
        if (name !== `${fingerprint}.pdf` && !name.endsWith('.tmp')) await fs.rm(path.join(folder, name), { force: true });
      }
    },
  };
}
