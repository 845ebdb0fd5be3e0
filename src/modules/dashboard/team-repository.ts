import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Role } from '../../platform/http/roles.ts';

export interface DashboardMembershipTable {
  user_id: string;
  organization_id: string;
  role: Role;
  created_at: Date;
  updated_at: Date;
}

export interface DashboardInvitationTable {
  id: string;
  organization_id: string;
  /** Normalised like users' e-mails (`normaliseEmail`). */
  email: string;
  role: Role;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

export interface DashboardAuditEventTable {
  id: string;
  organization_id: string;
  user_id: string;
  action: string;
  object_id: string | null;
  detail: string | null;
  mode: 'test' | 'live' | null;
  address: string;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dashboard_memberships: DashboardMembershipTable;
    dashboard_invitations: DashboardInvitationTable;
    dashboard_audit_events: DashboardAuditEventTable;
  }
}

type InvitationRow = Selectable<DashboardInvitationTable>;

export async function insertMembership(db: Db, row: Insertable<DashboardMembershipTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('dashboard_memberships')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'organization_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findMembership(db: Db, userId: string, organizationId: string) {
  return db.selectFrom('dashboard_memberships').selectAll().where('user_id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** The organizations a user belongs to, oldest membership first. */
export async function listUserOrganizations(db: Db, userId: string) {
  return db
    .selectFrom('dashboard_memberships')
    .innerJoin('organizations', 'organizations.id', 'dashboard_memberships.organization_id')
    .select(['organizations.id', 'organizations.name', 'dashboard_memberships.role'])
    .where('dashboard_memberships.user_id', '=', userId)
    .orderBy('dashboard_memberships.created_at')
    .orderBy('organizations.id')
    .execute();
}

export async function listMembers(db: Db, organizationId: string) {
  return db
    .selectFrom('dashboard_memberships')
    .innerJoin('dashboard_users', 'dashboard_users.id', 'dashboard_memberships.user_id')
    .select(['dashboard_users.id', 'dashboard_users.email', 'dashboard_memberships.role', 'dashboard_memberships.created_at'])
    .where('dashboard_memberships.organization_id', '=', organizationId)
    .orderBy('dashboard_memberships.created_at')
    .orderBy('dashboard_users.id')
    .execute();
}

/** Takes the organization's row lock: membership changes of one organization happen one at a time. */
export async function lockOrganization(db: Db, organizationId: string): Promise<void> {
  await db.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

export async function countOwners(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('dashboard_memberships')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateMembershipRole(db: Db, userId: string, organizationId: string, role: Role, at: Date): Promise<void> {
  await db
    .updateTable('dashboard_memberships')
    .set({ role, updated_at: at })
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .execute();
}

export async function deleteMembership(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.deleteFrom('dashboard_memberships').where('user_id', '=', userId).where('organization_id', '=', organizationId).execute();
}

/** Ends the user's sessions in one organization (a removed member). */
export async function revokeOrganizationSessions(db: Db, userId: string, organizationId: string, at: Date): Promise<void> {
  await db
    .updateTable('dashboard_sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setSessionOrganization(db: Db, sessionId: string, organizationId: string): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ organization_id: organizationId }).where('id', '=', sessionId).execute();
}

export async function setDefaultOrganization(db: Db, userId: string, organizationId: string, at: Date): Promise<void> {
  await db.updateTable('dashboard_users').set({ organization_id: organizationId, updated_at: at }).where('id', '=', userId).execute();
}

export async function insertInvitation(db: Db, row: Insertable<DashboardInvitationTable>): Promise<InvitationRow> {
  return db.insertInto('dashboard_invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Withdraws the pending invitations of one e-mail to one organization (a new one replaces them). */
export async function revokePendingInvitations(db: Db, organizationId: string, email: string, at: Date): Promise<void> {
  await db
    .updateTable('dashboard_invitations')
    .set({ revoked_at: at })
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeInvitation(db: Db, organizationId: string, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('dashboard_invitations')
    .set({ revoked_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Pending (neither accepted, withdrawn nor expired) invitations of an organization, newest first. */
export async function listPendingInvitations(db: Db, organizationId: string, now: Date) {
  return db
    .selectFrom('dashboard_invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('organization_id', '=', organizationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('dashboard_invitations')
    .innerJoin('organizations', 'organizations.id', 'dashboard_invitations.organization_id')
    .selectAll('dashboard_invitations')
    .select('organizations.name as organization_name')
    .where('dashboard_invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a pending invitation used; false when another acceptance (or a withdrawal) came first. */
export async function markInvitationAccepted(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('dashboard_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAuditEvent(db: Db, row: Insertable<DashboardAuditEventTable>): Promise<void> {
  await db.insertInto('dashboard_audit_events').values(row).execute();
}

/** A page of an organization's audit log, newest first, with who did each thing. */
export async function listAuditEvents(db: Db, organizationId: string, page: { limit: number; startingAfter: string | undefined }) {
  let query = db
    .selectFrom('dashboard_audit_events')
    .innerJoin('dashboard_users', 'dashboard_users.id', 'dashboard_audit_events.user_id')
    .selectAll('dashboard_audit_events')
    .select('dashboard_users.email as user_email')
    .where('dashboard_audit_events.organization_id', '=', organizationId);
  if (page.startingAfter !== undefined) query = query.where('dashboard_audit_events.id', '<', page.startingAfter);
  return query
    .orderBy('dashboard_audit_events.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export async function purgeAuditEvents(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('dashboard_audit_events').where('created_at', '<', before).execute();
}

/** Invitations over a retention period past their end: nothing reads them any more. */
export async function purgeInvitations(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('dashboard_invitations').where(sql<boolean>`coalesce(accepted_at, revoked_at, expires_at) < ${before}`).execute();
}
