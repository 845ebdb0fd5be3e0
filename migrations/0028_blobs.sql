-- One table for the bytes a database-backed blob store keeps (src/platform/blobs/blob-store.ts):
-- rendered PDFs (until now `invoice_pdfs`) and downloaded SAT packages (until now
-- `sat_packages.content`). Keys are the modules' own: `pdfs/<invoice id>/<fingerprint>.pdf`,
-- `packages/<request id>/<position>.zip`, the same relative paths the file store uses under DATA_DIR.
CREATE TABLE blobs (
  key text PRIMARY KEY,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL
);

INSERT INTO blobs (key, body, created_at)
  SELECT 'pdfs/' || invoice_id || '/' || fingerprint || '.pdf', body, created_at FROM invoice_pdfs;

INSERT INTO blobs (key, body, created_at)
  SELECT 'packages/' || sat_request_id || '/' || position || '.zip', content, coalesce(stored_at, now())
  FROM sat_packages WHERE content IS NOT NULL;

DROP TABLE invoice_pdfs;

ALTER TABLE sat_packages DROP COLUMN content;
