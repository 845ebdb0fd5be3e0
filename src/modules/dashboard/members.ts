/**
 * An organization's members: who they are, their roles, and the changes owners and admins make.
 * Changes to one organization's members run one at a time (its row is locked), so the last owner
 * can never be demoted or removed by two requests that each saw another owner.
 */
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { assertRoleAllows, type Role } from '../../platform/http/roles.ts';
import { recordAudit } from './audit.ts';
import type { CurrentSession } from './sessions.ts';
import {
  countOwners,
  deleteMembership,
  findMembership,
  listMembers,
  listUserOrganizations,
  lockOrganization,
  revokeOrganizationSessions,
  setDefaultOrganization,
  setSessionOrganization,
  updateMembershipRole,
} from './team-repository.ts';

/** Where a change came from, for the audit log. */
export interface Origin {
  session: CurrentSession;
  address: string;
}

export async function membersOf(services: Services, session: CurrentSession) {
  const rows = await listMembers(services.db, session.organizationId);
  return { data: rows.map((row) => ({ user: { id: row.id, email: row.email }, role: row.role, joined_at: row.created_at.toISOString() })) };
}

function memberNotFound(userId: string): ApiError {
  return new ApiError('dashboard.member_not_found', {
    en: `${userId} is not a member of this organization.`,
    es: `${userId} no es miembro de esta organización.`,
  });
}

/** Owners are changed only by owners; and the organization always keeps one. */
async function assertOwnersKept(trx: Db, session: CurrentSession, current: Role, next: Role | null): Promise<void> {
  if (current !== 'owner' && next !== 'owner') return;
  assertRoleAllows(
    session.role,
    'manage_owners',
    current === 'owner'
      ? { en: 'change or remove an owner', es: 'cambiar ni quitar a un propietario' }
      : { en: 'make a member an owner', es: 'hacer propietario a un miembro' },
  );
  if (current === 'owner' && next !== 'owner' && (await countOwners(trx, session.organizationId)) <= 1) {
    throw new ApiError('dashboard.last_owner', {
      en: 'This is the last owner of the organization; make another member an owner first.',
      es: 'Es el último propietario de la organización; primero haga propietario a otro miembro.',
    });
  }
}

export async function changeRole(services: Services, origin: Origin, userId: string, role: Role) {
  const { session } = origin;
  assertRoleAllows(session.role, 'manage_members', { en: 'change roles', es: 'cambiar roles' });
  const at = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, session.organizationId);
    const membership = await findMembership(trx, userId, session.organizationId);
    if (!membership) throw memberNotFound(userId);
    await assertOwnersKept(trx, session, membership.role, role);
    if (membership.role !== role) {
      await updateMembershipRole(trx, userId, session.organizationId, role, at);
      await recordAudit(trx, {
        organizationId: session.organizationId,
        userId: session.userId,
        action: 'member.change_role',
        objectId: userId,
        detail: `${membership.role} → ${role}`,
        mode: null,
        address: origin.address,
        at,
      });
    }
    return { user_id: userId, role };
  });
}

/** Removes a member and ends their sessions in the organization. */
export async function removeMember(services: Services, origin: Origin, userId: string): Promise<void> {
  const { session } = origin;
  assertRoleAllows(session.role, 'manage_members', { en: 'remove members', es: 'quitar miembros' });
  const at = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, session.organizationId);
    const membership = await findMembership(trx, userId, session.organizationId);
    if (!membership) throw memberNotFound(userId);
    await assertOwnersKept(trx, session, membership.role, null);
    await deleteMembership(trx, userId, session.organizationId);
    await revokeOrganizationSessions(trx, userId, session.organizationId, at);
    await recordAudit(trx, {
      organizationId: session.organizationId,
      userId: session.userId,
      action: 'member.remove',
      objectId: userId,
      detail: membership.role,
      mode: null,
      address: origin.address,
      at,
    });
  });
}

export async function organizationsOf(services: Services, session: CurrentSession) {
  return listUserOrganizations(services.db, session.userId);
}

/** Moves the session to another organization of the user's; the next sign-in opens there too. */
export async function switchOrganization(services: Services, session: CurrentSession, organizationId: string): Promise<void> {
  const membership = await findMembership(services.db, session.userId, organizationId);
  if (!membership)
    throw new ApiError('dashboard.organization_not_found', {
      en: `You are not a member of an organization ${organizationId}.`,
      es: `Usted no es miembro de la organización ${organizationId}.`,
    });
  await services.db.transaction().execute(async (trx) => {
    await setSessionOrganization(trx, session.id, organizationId);
    await setDefaultOrganization(trx, session.userId, organizationId, services.clock.now());
  });
}
