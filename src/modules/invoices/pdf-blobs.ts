/**
 * Rendered PDFs in the service's blob store (src/platform/blobs/blob-store.ts): one per invoice,
 * under `pdfs/<invoice id>/<fingerprint>.pdf`; keeping a new rendering lets the earlier ones go.
 */
import type { BlobStore } from '../../platform/blobs/blob-store.ts';

const INVOICE_ID = /^inv_[a-z0-9]+$/;

function folderOf(invoiceId: string): string {
  if (!INVOICE_ID.test(invoiceId)) throw new Error(`not an invoice id: ${invoiceId}`);
  return `pdfs/${invoiceId}`;
}

/** The PDF rendered for this invoice under this fingerprint, if it is kept. */
export function findPdf(blobs: BlobStore, invoiceId: string, fingerprint: string): Promise<Buffer | undefined> {
  return blobs.get(`${folderOf(invoiceId)}/${fingerprint}.pdf`);
}

/** Keeps this rendering, then forgets the invoice's earlier ones. */
export async function storePdf(blobs: BlobStore, invoiceId: string, fingerprint: string, body: Buffer): Promise<void> {
  const folder = folderOf(invoiceId);
  const key = `${folder}/${fingerprint}.pdf`;
  await blobs.put(key, body);
  for (const other of await blobs.list(folder)) if (other !== key) await blobs.delete(other);
}
