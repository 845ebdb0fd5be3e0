-- An invoice's request and model are stored as json (their text), not jsonb: they are written and
-- read whole and never queried inside, and for a Pagos of thousands of related documents jsonb's
-- parse on write and its conversion back to text on read about doubled the time the statement
-- holds the embedded database's one connection, which every tenant's requests wait for
-- (docs/decisions.md, "Performance limits"). `metadata` stays jsonb.
ALTER TABLE invoices
  ALTER COLUMN input TYPE json USING input::json,
  ALTER COLUMN comprobante TYPE json USING comprobante::json;
