import { ApiError } from '../../platform/errors/api-error.ts';

const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
// A local part without spaces or @, and a domain of dot-separated labels (letters in any script,
// digits, inner hyphens) ending in a name of two letters or more. Deliverability is not checked.
const EMAIL_SHAPE = /^([^\s@]+)@((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,})$/u;

/** One spelling per address: surrounding spaces removed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised address of a new account, or 422 naming `email`. */
export function acceptableEmail(email: string): string {
  const normalised = normaliseEmail(email);
  const match = EMAIL_SHAPE.exec(normalised);
  const problem =
    normalised.length > MAX_EMAIL_LENGTH
      ? { code: 'too_long', message: `must be at most ${MAX_EMAIL_LENGTH} characters.` }
      : !match || match[1]!.length > MAX_LOCAL_PART_LENGTH
        ? { code: 'invalid_format', message: 'must be an e-mail address, such as ana@example.com.' }
        : undefined;
  if (problem)
    throw new ApiError('request.validation_failed', 'The request body does not match the schema of this endpoint.', {
      errors: [{ path: 'email', ...problem }],
    });
  return normalised;
}
