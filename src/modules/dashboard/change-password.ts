import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { AttemptSubject } from './attempts-repository.ts';
import type { Language } from './language.ts';
import { releaseAttempt, reserveAttempt } from './lockout.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findUser, revokeOtherSessions, updatePasswordHash } from './repository.ts';
import type { CurrentSession } from './sessions.ts';

/**
 * Replaces the password after checking the current one, and ends every other session of the
 * user: a password changed because it leaked must also end what the leak opened. Wrong current
 * passwords count toward the e-mail's sign-in lockout, or a stolen session could guess it freely.
 * The new password must be as hard to guess as a new account's (checked after the current one, so
 * only the account's owner gets the estimate's work).
 */
export async function changePassword({
  services,
  session,
  input,
  language,
}: {
  services: Services;
  session: CurrentSession;
  input: { current_password: string; new_password: string };
  /** The language of the new password's feedback. */
  language: Language;
}): Promise<void> {
  const now = services.clock.now();
  const subjects: AttemptSubject[] = [{ scope: 'email', subject: session.email }];
  await reserveAttempt(services.db, subjects, now);
  const user = await findUser(services.db, session.userId);
  const valid = await verifyPassword(input.current_password, user?.password_hash);
  if (!user || !valid)
    throw new ApiError('dashboard.invalid_credentials', { en: 'The current password is wrong.', es: 'La contraseña actual no es correcta.' });
  await releaseAttempt(services.db, subjects, now);
  await assertStrongPassword(services, {
    password: input.new_password,
    email: session.email,
    organizationName: session.organizationName,
    language,
    field: 'new_password',
  });
  const passwordHash = await hashPassword(input.new_password);
  await services.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await revokeOtherSessions(trx, user.id, session.id, now);
  });
}
