-- The simulator's registry of taxpayers (the SAT's list of RFCs "inscritos no cancelados"): what
-- its RFC validation compares a receptor's name and fiscal postal code with. Seeded with the
-- simulator's invented taxpayers (docs/simulator.md); tests register their own with
-- PUT /sat/rfc-registry/{rfc}.
CREATE TABLE rfc_registry (
  rfc text PRIMARY KEY,
  name text NOT NULL,
  postal_code text NOT NULL,
  created_at timestamptz NOT NULL
);

INSERT INTO rfc_registry (rfc, name, postal_code, created_at) VALUES
  ('SIM010101AA1', 'CLIENTE SIMULADO', '06600', now()),
  ('SIMA010101AA1', 'PERSONA FISICA SIMULADA', '44100', now()),
  ('RCH010101AA1', 'RECEPTOR QUE RECHAZA', '06600', now()),
  ('ACP010101AA1', 'RECEPTOR QUE ACEPTA', '06600', now()),
  ('IND010101AA1', 'RECEPTOR SAT NO DISPONIBLE', '06600', now()),
  ('EFO010101AA1', 'RECEPTOR DE EMISOR LISTADO', '06600', now());
