/**
 * What each role of a dashboard team may do, in one table (docs/guides/team.md). An operation
 * names the permission it needs; a `/v1` route names it in its config (`permission`), or gets
 * `read` for GET and HEAD and `write` for every other method. API keys are not subject to roles:
 * a key acts for its whole organization.
 */
import { ApiError, type Bilingual } from '../errors/api-error.ts';

export const ROLES = ['owner', 'admin', 'developer', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `read`: lists, details, XML, PDF, exports and reports.
 * - `write`: everything that changes the organization's data through `/v1` (invoices, stamping,
 *   cancellations, keys, webhooks, fiscal profiles…).
 * - `manage_members`: invitations, roles below owner, removing members, the audit log.
 * - `manage_owners`: granting or taking the owner role, removing an owner.
 */
export type Permission = 'read' | 'write' | 'manage_members' | 'manage_owners';

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ['read', 'write', 'manage_members', 'manage_owners'],
  admin: ['read', 'write', 'manage_members'],
  developer: ['read', 'write'],
  accountant: ['read'],
};

/** Each role as the dashboard names it in Spanish. */
const ROLE_NAMES_ES: Record<Role, string> = { owner: 'Propietario', admin: 'Administrador', developer: 'Desarrollador', accountant: 'Contador' };

/** What a role may do, as the session tells the dashboard, which shows only the actions these allow. */
export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The permission a request needs when its route names none. */
export function defaultPermission(method: string): Permission {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** 403 dashboard.forbidden_role unless `role` holds `permission`. */
export function assertRoleAllows(role: Role, permission: Permission, what: Bilingual): void {
  if (!roleAllows(role, permission)) {
    throw new ApiError('dashboard.forbidden_role', {
      en: `The ${role} role may not ${what.en}; ask an owner or an admin of the organization for another role.`,
      es: `El rol ${ROLE_NAMES_ES[role]} no puede ${what.es}; pida a un propietario o a un administrador de la organización otro rol.`,
    });
  }
}
