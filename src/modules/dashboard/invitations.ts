/**
 * Invitations: an owner or admin invites an e-mail with a role; the link's token is 32 random
 * bytes, shown once to the inviter, stored only as its SHA-256, used once, and good for
 * INVITATION_TTL_DAYS. The invitee accepts it signed in with that e-mail, or by creating the
 * account for it. What a token holder learns is what the invitation itself says (organization,
 * e-mail, role); nothing about other accounts.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { hashSecret } from '../../platform/http/auth.ts';
import { assertRoleAllows, type Role } from '../../platform/http/roles.ts';
import { isId, newId } from '../../platform/ids.ts';
import { MailDeliveryError, MailNotConfiguredError } from '../../platform/mail/index.ts';
import { recordAudit } from './audit.ts';
import { acceptableEmail } from './email.ts';
import type { Language } from './language.ts';
import { reserveAttempt } from './lockout.ts';
import type { Origin } from './members.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './repository.ts';
import { revokePresentedSession, startSession, type CurrentSession, type NewSession } from './sessions.ts';
import {
  findInvitationByTokenHash,
  findMembership,
  insertInvitation,
  insertMembership,
  listMembers,
  listPendingInvitations,
  markInvitationAccepted,
  revokeInvitation,
  revokePendingInvitations,
  setDefaultOrganization,
  setSessionOrganization,
} from './team-repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const INVITATION_TTL_DAYS = 7;
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The page of the dashboard that accepts an invitation; the token rides in the fragment, never sent to a server. */
function acceptLink(baseUrl: string, token: string): string {
  return `${baseUrl}/dashboard/invitation#token=${token}`;
}

const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  es: { owner: 'propietario', admin: 'administrador', developer: 'desarrollador', accountant: 'contador (solo lectura)' },
  en: { owner: 'owner', admin: 'admin', developer: 'developer', accountant: 'accountant (read-only)' },
};

const INVITATION_WORDS = {
  es: {
    subject: (organization: string) => `Invitación a ${organization}`,
    body: (organization: string, role: string, link: string, days: number) =>
      `Le invitaron a unirse a ${organization} en el panel de facturación, con el rol de ${role}. Acepte con este enlace (funciona una sola vez, durante ${days} días):\n\n${link}\n\nSi no esperaba esta invitación, ignore este mensaje.`,
  },
  en: {
    subject: (organization: string) => `Invitation to ${organization}`,
    body: (organization: string, role: string, link: string, days: number) =>
      `You were invited to join ${organization} on the invoicing dashboard, as ${role}. Accept with this link (it works once, for ${days} days):\n\n${link}\n\nIf you did not expect this invitation, ignore this message.`,
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * E-mails the invitation's link to the invitee through the service's mailer, in the inviter's
 * language; the one place that sends an invitation. Without a transport (production with no
 * SMTP_URL), or when the mail server refuses it, nothing is sent and the answer says so: the
 * inviter still has the link to copy and pass on.
 */
async function deliverInvitation(
  services: Services,
  organizationId: string,
  invitation: { email: string; organizationName: string; role: Role; link: string; language: Language },
): Promise<{ emailed: boolean }> {
  if (services.mail.transport === 'none') return { emailed: false };
  const words = INVITATION_WORDS[invitation.language];
  const text = words.body(invitation.organizationName, ROLE_NAMES[invitation.language][invitation.role], invitation.link, INVITATION_TTL_DAYS);
  const html = `<!doctype html>\n<html lang="${invitation.language}"><body>${text
    .split('\n\n')
    .map((paragraph) =>
      paragraph === invitation.link ? `<p><a href="${escapeHtml(paragraph)}">${escapeHtml(paragraph)}</a></p>` : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n')}</body></html>`;
  try {
    await services.mail.send(services.db, organizationId, {
      to: [invitation.email],
      subject: words.subject(invitation.organizationName),
      text,
      html,
      language: invitation.language,
      attachments: [],
    });
    return { emailed: true };
  } catch (error) {
    if (error instanceof MailDeliveryError || error instanceof MailNotConfiguredError) return { emailed: false };
    throw error;
  }
}

export async function invite(services: Services, origin: Origin, input: { email: string; role: Role }, language: Language) {
  const { session } = origin;
  assertRoleAllows(session.role, 'manage_members', { en: 'invite members', es: 'invitar miembros' });
  if (input.role === 'owner') assertRoleAllows(session.role, 'manage_owners', { en: 'invite an owner', es: 'invitar a un propietario' });
  const email = acceptableEmail(input.email);
  const at = services.clock.now();
  const members = await listMembers(services.db, session.organizationId);
  if (members.some((member) => member.email === email)) {
    throw new ApiError('dashboard.already_member', {
      en: `${email} is already a member of this organization; change its role instead.`,
      es: `${email} ya es miembro de esta organización; si hace falta, cambie su rol.`,
    });
  }
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await services.db.transaction().execute(async (trx) => {
    // A new invitation replaces any pending one for the same e-mail: one link works at a time.
    await revokePendingInvitations(trx, session.organizationId, email, at);
    const created = await insertInvitation(trx, {
      id: newId('dinv', at.getTime()),
      organization_id: session.organizationId,
      email,
      role: input.role,
      token_hash: hashSecret(token),
      invited_by: session.userId,
      created_at: at,
      expires_at: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    });
    await recordAudit(trx, {
      organizationId: session.organizationId,
      userId: session.userId,
      action: 'invitation.create',
      objectId: created.id,
      detail: `${email} (${input.role})`,
      mode: null,
      address: origin.address,
      at,
    });
    return created;
  });
  const link = acceptLink(services.config.baseUrl, token);
  const delivery = await deliverInvitation(services, session.organizationId, {
    email,
    organizationName: session.organizationName,
    role: row.role,
    link,
    language,
  });
  return { ...viewOf(row), accept_url: link, emailed: delivery.emailed };
}

function viewOf(row: { id: string; email: string; role: Role; created_at: Date; expires_at: Date }) {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at.toISOString(), expires_at: row.expires_at.toISOString() };
}

export async function pendingInvitations(services: Services, session: CurrentSession) {
  assertRoleAllows(session.role, 'manage_members', { en: 'see invitations', es: 'ver las invitaciones' });
  const rows = await listPendingInvitations(services.db, session.organizationId, services.clock.now());
  return { data: rows.map(viewOf) };
}

export async function withdrawInvitation(services: Services, origin: Origin, id: string): Promise<void> {
  const { session } = origin;
  assertRoleAllows(session.role, 'manage_members', { en: 'withdraw invitations', es: 'retirar invitaciones' });
  const at = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    if (!isId('dinv', id) || !(await revokeInvitation(trx, session.organizationId, id, at))) {
      throw new ApiError('dashboard.invitation_invalid', {
        en: `There is no pending invitation ${id} in this organization.`,
        es: `No hay ninguna invitación pendiente ${id} en esta organización.`,
      });
    }
    await recordAudit(trx, {
      organizationId: session.organizationId,
      userId: session.userId,
      action: 'invitation.withdraw',
      objectId: id,
      mode: null,
      address: origin.address,
      at,
    });
  });
}

const invalid = () =>
  new ApiError('dashboard.invitation_invalid', {
    en: 'This invitation link is not valid: it was already used, withdrawn or replaced, or it has expired. Ask for a new one.',
    es: 'Este enlace de invitación no es válido: ya se usó, se retiró o se reemplazó, o expiró. Pida una invitación nueva.',
  });

/** The pending invitation a token names, or 404 dashboard.invitation_invalid. */
async function pendingInvitation(services: Services, token: string) {
  const row = TOKEN_SHAPE.test(token) ? await findInvitationByTokenHash(services.db, hashSecret(token)) : undefined;
  if (!row || row.accepted_at !== null || row.revoked_at !== null || row.expires_at.getTime() <= services.clock.now().getTime()) throw invalid();
  return row;
}

/** What the invitation says, for its page: the organization, the e-mail and the role. */
export async function previewInvitation(services: Services, token: string) {
  const row = await pendingInvitation(services, token);
  return { organization: { name: row.organization_name }, email: row.email, role: row.role, expires_at: row.expires_at.toISOString() };
}

/** Joins the invitation's organization as the signed-in user, whose e-mail must be the invited one; the session moves there. */
export async function acceptInvitation(services: Services, origin: Origin, token: string) {
  const { session } = origin;
  const row = await pendingInvitation(services, token);
  if (row.email !== session.email) {
    throw new ApiError('dashboard.invitation_email_mismatch', {
      en: `This invitation is for ${row.email}; sign in with that e-mail to accept it.`,
      es: `Esta invitación es para ${row.email}; inicie sesión con ese correo para aceptarla.`,
    });
  }
  const at = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    if (!(await markInvitationAccepted(trx, row.id, session.userId, at))) throw invalid();
    if (await findMembership(trx, session.userId, row.organization_id)) {
      throw new ApiError('dashboard.already_member', {
        en: 'You are already a member of this organization.',
        es: 'Usted ya es miembro de esta organización.',
      });
    }
    await insertMembership(trx, { user_id: session.userId, organization_id: row.organization_id, role: row.role, created_at: at, updated_at: at });
    await setSessionOrganization(trx, session.id, row.organization_id);
    await setDefaultOrganization(trx, session.userId, row.organization_id, at);
    await recordAudit(trx, {
      organizationId: row.organization_id,
      userId: session.userId,
      action: 'invitation.accept',
      objectId: row.id,
      detail: row.role,
      mode: null,
      address: origin.address,
      at,
    });
  });
  return { organization: { id: row.organization_id, name: row.organization_name }, role: row.role };
}

interface JoinedBySignUp {
  user: { id: string; email: string };
  organization: { id: string; name: string };
  role: Role;
  session: NewSession;
}

/**
 * Creates the account of the invited e-mail and joins the organization, in one transaction, with
 * the limits and password rules of any sign-up. An e-mail that already has an account is refused
 * (409 dashboard.email_in_use) after the same work, as sign-up does; the invitee signs in instead.
 */
export async function signUpWithInvitation({
  services,
  token,
  password,
  address,
  language,
  presentedToken,
}: {
  services: Services;
  token: string;
  password: string;
  address: string;
  language: Language;
  presentedToken: string | undefined;
}): Promise<JoinedBySignUp> {
  const row = await pendingInvitation(services, token);
  await reserveAttempt(services.db, [{ scope: 'sign_up', subject: address }], services.clock.now());
  await assertStrongPassword(services, { password, email: row.email, organizationName: row.organization_name, language, field: 'password' });
  const passwordHash = await hashPassword(password);
  const emailInUse = () =>
    new ApiError('dashboard.email_in_use', {
      en: 'An account with this e-mail already exists; sign in and accept the invitation instead.',
      es: 'Ya existe una cuenta con este correo; inicie sesión y acepte la invitación desde ahí.',
    });
  if (await findUserByEmail(services.db, row.email)) throw emailInUse();
  const at = services.clock.now();
  const joined = await services.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      id: newId('usr', at.getTime()),
      organization_id: row.organization_id,
      email: row.email,
      password_hash: passwordHash,
      created_at: at,
      updated_at: at,
    });
    if (!user) throw emailInUse();
    if (!(await markInvitationAccepted(trx, row.id, user.id, at))) throw invalid();
    await insertMembership(trx, { user_id: user.id, organization_id: row.organization_id, role: row.role, created_at: at, updated_at: at });
    await recordAudit(trx, {
      organizationId: row.organization_id,
      userId: user.id,
      action: 'invitation.accept',
      objectId: row.id,
      detail: row.role,
      mode: null,
      address,
      at,
    });
    const session = await startSession(trx, services, { userId: user.id, organizationId: row.organization_id, at });
    return { user: { id: user.id, email: user.email }, organization: { id: row.organization_id, name: row.organization_name }, role: row.role, session };
  });
  await revokePresentedSession(services.db, presentedToken, at);
  return joined;
}
