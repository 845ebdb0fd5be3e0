import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import { createApiKey } from '../api-keys/index.ts';
import { insertOrganization } from '../organizations/index.ts';
import { acceptableEmail } from './email.ts';
import type { Language } from './language.ts';
import { reserveAttempt } from './lockout.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './repository.ts';
import { revokePresentedSession, startSession, type NewSession } from './sessions.ts';
import { insertMembership } from './team-repository.ts';

export interface SignUpInput {
  email: string;
  password: string;
  organization_name: string;
}

export interface SignedUp {
  user: { id: string; email: string };
  organization: { id: string; name: string };
  apiKey: { id: string; secret: string };
  session: NewSession;
}

function emailInUse(): ApiError {
  return new ApiError('dashboard.email_in_use', {
    en: 'An account with this e-mail already exists; sign in instead.',
    es: 'Ya existe una cuenta con este correo; inicie sesión con él.',
  });
}

/**
 * A new organization, its first user (its owner), its first test key and a session, in one transaction. This
 * is how organizations are made in production, where the API's bootstrap endpoint is off.
 *
 * A registered e-mail is refused (409) only after the same work a new one gets (the strength
 * estimate and the password hash), so the time of the answer does not tell which e-mails have
 * accounts.
 */
export async function signUp({
  services,
  input,
  address,
  language,
  presentedToken,
  hash = hashPassword,
}: {
  services: Services;
  input: SignUpInput;
  /** The client's key in per-address limits (`clientAddress`). */
  address: string;
  /** The language of the password's feedback. */
  language: Language;
  presentedToken: string | undefined;
  /** The password hash (tests count its calls). */
  hash?: (password: string) => Promise<string>;
}): Promise<SignedUp> {
  const email = acceptableEmail(input.email);
  await reserveAttempt(services.db, [{ scope: 'sign_up', subject: address }], services.clock.now());
  const organizationName = input.organization_name.trim();
  await assertStrongPassword(services, { password: input.password, email, organizationName, language, field: 'password' });
  const passwordHash = await hash(input.password);
  // The insert below still settles a race between two sign-ups of one e-mail.
  if (await findUserByEmail(services.db, email)) throw emailInUse();
  const at = services.clock.now();
  const created = await services.db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, {
      id: newId('org', at.getTime()),
      name: organizationName,
      email,
      parent_id: null,
      created_at: at,
      updated_at: at,
    });
    const user = await insertUser(trx, {
      id: newId('usr', at.getTime()),
      organization_id: organization.id,
      email,
      password_hash: passwordHash,
      created_at: at,
      updated_at: at,
    });
    if (!user) throw emailInUse();
    await insertMembership(trx, { user_id: user.id, organization_id: organization.id, role: 'owner', created_at: at, updated_at: at });
    const key = await createApiKey(trx, organization.id, { name: 'Dashboard test key', mode: 'test', at });
    const session = await startSession(trx, services, { userId: user.id, organizationId: organization.id, at });
    return {
      user: { id: user.id, email: user.email },
      organization: { id: organization.id, name: organization.name },
      apiKey: { id: key.row.id, secret: key.secret },
      session,
    };
  });
  await revokePresentedSession(services.db, presentedToken, at);
  return created;
}
