import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { Role } from '../../platform/http/roles.ts';
import type { AttemptSubject } from './attempts-repository.ts';
import { normaliseEmail } from './email.ts';
import { releaseAttempt, reserveAttempt } from './lockout.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { findUserByEmail, updatePasswordHash } from './repository.ts';
import { revokePresentedSession, startSession, type NewSession } from './sessions.ts';
import { listUserOrganizations } from './team-repository.ts';

export interface SignedIn {
  user: { id: string; email: string };
  organization: { id: string; name: string };
  role: Role;
  session: NewSession;
}

/** One message for an unknown e-mail and a wrong password, so the answer tells no account apart. */
function invalidCredentials(): ApiError {
  return new ApiError('dashboard.invalid_credentials', { en: 'The e-mail or the password is wrong.', es: 'El correo o la contraseña no son correctos.' });
}

/** The organization a session opens in: the one last used, or the first the user still belongs to. */
async function openingOrganization(services: Services, user: { id: string; organization_id: string }): Promise<{ id: string; name: string; role: Role }> {
  const organizations = await listUserOrganizations(services.db, user.id);
  const chosen = organizations.find((item) => item.id === user.organization_id) ?? organizations[0];
  if (!chosen) {
    throw new ApiError('dashboard.no_membership', {
      en: 'This account no longer belongs to any organization; ask an owner or an admin to invite you again.',
      es: 'Esta cuenta ya no pertenece a ninguna organización; pida a un propietario o a un administrador que lo vuelva a invitar.',
    });
  }
  return chosen;
}

/**
 * A new session for the right e-mail and password. Any session the browser presented is revoked
 * (rotation), so a session fixed before sign-in is worth nothing after it.
 */
export async function signIn({
  services,
  input,
  address,
  presentedToken,
}: {
  services: Services;
  input: { email: string; password: string };
  /** The client's key in per-address limits (`clientAddress`). */
  address: string;
  presentedToken: string | undefined;
}): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const now = services.clock.now();
  const subjects: AttemptSubject[] = [
    { scope: 'email', subject: email },
    { scope: 'address', subject: address },
  ];
  await reserveAttempt(services.db, subjects, now);
  const user = await findUserByEmail(services.db, email);
  // Without a user the password is checked against a dummy hash: the same work, the same answer.
  const valid = await verifyPassword(input.password, user?.password_hash);
  if (!user || !valid) throw invalidCredentials();
  await releaseAttempt(services.db, subjects, now);
  if (needsRehash(user.password_hash)) await updatePasswordHash(services.db, user.id, await hashPassword(input.password), now);
  const organization = await openingOrganization(services, user);
  await revokePresentedSession(services.db, presentedToken, now);
  const session = await startSession(services.db, services, { userId: user.id, organizationId: organization.id, at: now });
  return { user: { id: user.id, email: user.email }, organization: { id: organization.id, name: organization.name }, role: organization.role, session };
}
