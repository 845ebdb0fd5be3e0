import { ApiError } from '../../platform/errors/api-error.ts';

const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
// A local part without spaces or @, and a domain of dot-separated labels (letters in any script,
// digits, inner hyphens) ending in a name of two letters or more. Deliverability is not checked.
const EMAIL_SHAPE = /^([^\s@]+)@((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,})$/u;

/**
 * One spelling per address, so that look-alikes are one account: Unicode compatibility forms
 * folded (NFKC: full-width `ａｎａ` is `ana`, a letter and its combining accent are one
 * letter), lower case (Unicode's default mapping), surrounding spaces removed. The second NFKC
 * settles the few letters whose lower case is not in normal form; the result is a fixed point.
 * migrations/0016_dashboard_email_nfkc.sql gives rows stored before this rule the same spelling.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}

/** The normalised address of a new account, or 422 naming `email`. */
export function acceptableEmail(email: string): string {
  const normalised = normaliseEmail(email);
  const match = EMAIL_SHAPE.exec(normalised);
  const problem =
    normalised.length > MAX_EMAIL_LENGTH
      ? {
          code: 'too_long',
          message: `must be at most ${MAX_EMAIL_LENGTH} characters.`,
          messageEs: `Correo electrónico: debe tener como máximo ${MAX_EMAIL_LENGTH} caracteres.`,
        }
      : !match || match[1]!.length > MAX_LOCAL_PART_LENGTH
        ? {
            code: 'invalid_format',
            message: 'must be an e-mail address, such as ana@example.com.',
            messageEs: 'Correo electrónico: debe ser un correo, por ejemplo ana@ejemplo.com.',
          }
        : undefined;
  if (problem)
    throw new ApiError(
      'request.validation_failed',
      { en: 'The request body does not match the schema of this endpoint.', es: 'Revise el correo electrónico.' },
      {
        errors: [{ path: 'email', ...problem }],
      },
    );
  return normalised;
}
