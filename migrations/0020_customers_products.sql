-- Customers (saved receptors) and products (saved items), per organization and mode like every
-- resource. Invoices copy what they use into their own input and comprobante: deleting or
-- changing a customer or product never changes an invoice.
CREATE TABLE customers (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  rfc text NOT NULL,
  legal_name text NOT NULL,
  tax_regime text NOT NULL,
  postal_code text NOT NULL,
  cfdi_use text,
  emails text[] NOT NULL DEFAULT '{}',
  address jsonb,
  country text,
  tax_id text,
  -- When the RFC validation last found the RFC with this name and postal code (null: none was available).
  rfc_verified_at timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX customers_organization ON customers (organization_id, mode, id DESC);
CREATE INDEX customers_rfc ON customers (organization_id, mode, rfc);

CREATE TABLE products (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  description text NOT NULL,
  product_key text NOT NULL,
  unit_key text NOT NULL,
  unit_name text,
  -- A decimal string as sent ("1500.00"), never a float.
  price text NOT NULL,
  tax_object text,
  -- The invoice request's `taxes` of an item: [{type, factor, rate, withholding}].
  taxes jsonb NOT NULL DEFAULT '[]'::jsonb,
  sku text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX products_organization ON products (organization_id, mode, id DESC);
