/**
 * New passwords must be hard to guess, not only long: zxcvbn-ts estimates how many guesses a
 * cracker would need, knowing common and breached passwords, words and names, keyboard patterns,
 * dates and the account's own e-mail and organization name, and a password below score 3 (about
 * 10^8 guesses) is refused with its feedback. The estimate runs on the worker pool.
 */
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { Language } from './language.ts';
import { defineTask } from '../../platform/workers/task.ts';
import type estimateStrength from './password-strength-task.ts';

const STRENGTH_TASK = defineTask<typeof estimateStrength>('dashboard.password-strength');
const MIN_SCORE = 3;
/** Sign-ups belong to no organization yet: every password estimate shares one lane of the worker pool. */
const PASSWORDS_LANE = { tenant: 'sign-up passwords' };
// Parts shorter than this (`a`, `mx`) would match inside any password.
const MIN_PART_LENGTH = 3;

const FALLBACK: Record<Language, string> = {
  en: 'This password is too easy to guess: make it longer, with several words that are not common.',
  es: 'Esta contraseña es demasiado fácil de adivinar: hazla más larga, con varias palabras poco comunes.',
};

/** The account's words a password must not be built from: the e-mail, its parts, the organization's name and its words. */
function accountWords(email: string, organizationName: string): string[] {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domainLabels =
    at < 0
      ? []
      : email
          .slice(at + 1)
          .split('.')
          .slice(0, -1);
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  const parts = [...words(local), ...domainLabels.flatMap(words), ...words(organizationName.toLowerCase())];
  const joined = [local.replace(/[^\p{L}\p{N}]+/gu, ''), organizationName.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')];
  return [...new Set([email, local, organizationName.toLowerCase(), ...joined, ...parts].filter((word) => word.length >= MIN_PART_LENGTH))];
}

/** 422 `dashboard.weak_password` naming `field` unless `password` is strong enough for this account. */
export async function assertStrongPassword(
  services: Services,
  check: { password: string; email: string; organizationName: string; language: Language; field: string },
): Promise<void> {
  const output = await services.workers.run(
    STRENGTH_TASK,
    {
      // The hash reads the password in NFKC, so the estimate does too.
      password: check.password.normalize('NFKC'),
      userInputs: accountWords(check.email, check.organizationName),
      language: check.language,
    },
    PASSWORDS_LANE,
  );
  if (output.score >= MIN_SCORE) return;
  const feedback = [output.warning, ...output.suggestions].filter((text): text is string => Boolean(text));
  const detail = feedback.length > 0 ? feedback.join(' ') : FALLBACK[check.language];
  // The feedback is worded in the request's language, the one its problem is answered in.
  throw new ApiError(
    'dashboard.weak_password',
    { en: detail, es: detail },
    { errors: [{ path: check.field, code: 'weak_password', message: detail, messageEs: detail }] },
  );
}
