-- Taxpayers the RFC validation knows from the start (docs/simulator.md, "RFC validation"): an
-- invented persona moral and persona física for trying customers in test mode, and the magic
-- receptors, so that a customer can be saved for each. Tests register others with
-- PUT /sat/taxpayers/{rfc}.
INSERT INTO sim_taxpayers (rfc, name, regimen_fiscal, postal_code, created_at) VALUES
  ('SIM010101AA1', 'CLIENTE SIMULADO', '601', '06600', now()),
  ('SIMA010101AA1', 'PERSONA FISICA SIMULADA', '612', '44100', now()),
  ('RCH010101AA1', 'RECEPTOR QUE RECHAZA', '601', '06600', now()),
  ('ACP010101AA1', 'RECEPTOR QUE ACEPTA', '601', '06600', now()),
  ('IND010101AA1', 'RECEPTOR SAT NO DISPONIBLE', '601', '06600', now()),
  ('EFO010101AA1', 'RECEPTOR DE EMISOR LISTADO', '601', '06600', now())
ON CONFLICT (rfc) DO NOTHING;
