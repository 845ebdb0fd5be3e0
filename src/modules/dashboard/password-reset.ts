/**
 * Password reset by e-mail (docs/guides/dashboard.md). Asking for one answers the same and does
 * the same work whether the e-mail has an account or not: the request only queues a job, and the
 * job (off the request) looks the account up and, when there is one, e-mails a link with a token.
 * The token is 32 random bytes, stored as its SHA-256, works once, and expires after an hour.
 * Setting the new password checks it like a new account's and ends every session of the user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { defineJob, type PayloadOf } from '../../platform/jobs/kinds.ts';
import type { JobRecord } from '../../platform/jobs/types.ts';
import { findOrganization } from '../organizations/index.ts';
import { normaliseEmail } from './email.ts';
import type { Language } from './language.ts';
import { reserveAttempt } from './lockout.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { findUser, findUserByEmail, updatePasswordHash } from './repository.ts';
import { consumeReset, findUsableReset, insertReset, revokeAllSessions } from './reset-repository.ts';

/** How long a reset link works. */
const RESET_TOKEN_TTL_MS = 60 * 60_000;

const SEND_RESET_JOB = defineJob('password_resets.send', Type.Object({ email: Type.String(), language: Type.Union([Type.Literal('es'), Type.Literal('en')]) }));

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST /dashboard/api/password_reset`: counted per client address like sign-ins, then queued. */
export async function requestPasswordReset(options: { services: Services; email: string; address: string; language: Language }): Promise<void> {
  const { services, address, language } = options;
  await reserveAttempt(services.db, [{ scope: 'address', subject: address }], services.clock.now());
  await services.jobs.enqueue(services.db, SEND_RESET_JOB, { email: normaliseEmail(options.email), language });
}

const WORDS = {
  es: {
    subject: 'Restablecer su contraseña',
    body: (link: string) =>
      `Alguien pidió restablecer la contraseña de su cuenta. Use este enlace en la próxima hora (funciona una sola vez):\n\n${link}\n\nSi no fue usted, ignore este mensaje: su contraseña no cambia.`,
  },
  en: {
    subject: 'Reset your password',
    body: (link: string) =>
      `Someone asked to reset the password of your account. Use this link within the hour (it works once):\n\n${link}\n\nIf it was not you, ignore this message: your password does not change.`,
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function sendReset(services: Services, job: JobRecord<PayloadOf<typeof SEND_RESET_JOB>>): Promise<void> {
  const user = await findUserByEmail(services.db, job.payload.email);
  if (!user) return;
  const now = services.clock.now();
  const token = randomBytes(32).toString('base64url');
  await insertReset(services.db, { token_hash: tokenHash(token), user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  const link = `${services.config.baseUrl}/dashboard/reset_password?token=${token}`;
  const words = WORDS[job.payload.language];
  const text = words.body(link);
  await services.mail.send(services.db, user.organization_id, {
    to: [user.email],
    subject: words.subject,
    text,
    html: `<!doctype html>\n<html lang="${job.payload.language}"><body>${text
      .split('\n\n')
      .map((paragraph) => `<p>${paragraph === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(paragraph)}</p>`)
      .join('\n')}</body></html>`,
    language: job.payload.language,
    attachments: [],
  });
}

export function registerPasswordResetJobs(services: Services): void {
  services.jobs.register(SEND_RESET_JOB, (job) => sendReset(services, job));
}

function invalidToken(): ApiError {
  return new ApiError('dashboard.reset_token_invalid', {
    en: 'This password reset link is not valid: it was used already, it expired, or it is wrong.',
    es: 'Este enlace para restablecer la contraseña no es válido: ya se usó, expiró o está incompleto.',
  });
}

/** `POST /dashboard/api/password_reset/confirm`. */
export async function confirmPasswordReset(options: { services: Services; input: { token: string; new_password: string }; language: Language }): Promise<void> {
  const { services, input, language } = options;
  const hash = tokenHash(input.token);
  const reset = await findUsableReset(services.db, hash, services.clock.now());
  const user = reset && (await findUser(services.db, reset.user_id));
  if (!user) throw invalidToken();
  const organization = await findOrganization(services.db, user.organization_id);
  // Checked before the token is used: a weak password does not spend the link.
  await assertStrongPassword(services, {
    password: input.new_password,
    email: user.email,
    organizationName: organization?.name ?? '',
    language,
    field: 'new_password',
  });
  const passwordHash = await hashPassword(input.new_password);
  await services.db.transaction().execute(async (trx) => {
    const now = services.clock.now();
    if (!(await consumeReset(trx, hash, now))) throw invalidToken();
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await revokeAllSessions(trx, user.id, now);
  });
}
