-- Dashboard e-mails are compared and stored in one spelling: NFKC, lower case, NFKC again
-- (src/modules/dashboard/email.ts). Rows stored before were only trimmed and lower-cased, so a
-- full-width or decomposed look-alike of an address could be a second account. This gives each
-- row the new spelling when no other row shares it. Among look-alikes the row that already has
-- the new spelling keeps it, or else the earliest account takes it; the others keep their old
-- spelling, which no sign-in reaches any more (their open sessions go on until they end).
WITH normalised AS (
  SELECT id, created_at, email AS stored, btrim(normalize(lower(normalize(email, NFKC)), NFKC)) AS email
  FROM dashboard_users
),
chosen AS (
  SELECT DISTINCT ON (email) id, email
  FROM normalised
  ORDER BY email, stored = email DESC, created_at, id
)
UPDATE dashboard_users AS users
SET email = chosen.email
FROM chosen
WHERE users.id = chosen.id
  AND users.email <> chosen.email
  AND NOT EXISTS (SELECT 1 FROM dashboard_users AS other WHERE other.email = chosen.email AND other.id <> users.id);

-- Counters of e-mails in the old spelling would never be looked up again.
DELETE FROM dashboard_sign_in_attempts
WHERE scope = 'email' AND subject <> btrim(normalize(lower(normalize(subject, NFKC)), NFKC));
