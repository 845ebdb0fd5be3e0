-- Each check of a validation (document, structure, arithmetic, catalogs, seal, timbre, SAT
-- status) with its outcome: passed, failed, could not run here, or not applicable, and why.
-- Worked out when the CFDI is checked, from every issue found (the stored lists are capped at
-- 200). Validations stored before it have none and are given theirs from their stored issues.
ALTER TABLE validations ADD COLUMN checks jsonb;
