-- Streamed blobs (src/platform/blobs/blob-store.ts): a body too large to hold whole (an export's
-- file) is written as rows of a megabyte in `blob_chunks` under a fresh upload id, and its `blobs`
-- row, which names that upload and the body's size, is written only on commit. Built export files
-- move here from `export_chunks` under the key `exports/<export id>` (the file store's path under
-- DATA_DIR was already `exports/<export id>`); chunks of exports not completed were half-built
-- files that the next attempt writes again, so they are not moved.
CREATE TABLE blob_chunks (
  key text NOT NULL,
  upload text NOT NULL,
  position integer NOT NULL,
  body bytea NOT NULL,
  PRIMARY KEY (key, upload, position)
);

ALTER TABLE blobs ADD COLUMN upload text, ADD COLUMN bytes bigint;

INSERT INTO blob_chunks (key, upload, position, body)
  SELECT 'exports/' || c.export_id, c.export_id, c.position, c.content
  FROM export_chunks c JOIN exports e ON e.id = c.export_id
  WHERE e.status = 'completed';

INSERT INTO blobs (key, body, created_at, upload, bytes)
  SELECT 'exports/' || e.id, '\x'::bytea, coalesce(e.completed_at, e.updated_at), e.id, sum(length(c.content))
  FROM exports e JOIN export_chunks c ON c.export_id = e.id
  WHERE e.status = 'completed'
  GROUP BY e.id;

DROP TABLE export_chunks;
