import { createStore, useStore } from './store.ts';

export type Role = 'owner' | 'admin' | 'developer' | 'accountant';

/**
 * What the API lets a role do (its one table, sent with the session): `read` for lists and
 * documents, `write` for every change through `/v1`, `manage_members` and `manage_owners` for the
 * team. A session's `/v1` call needs `write` unless it only reads (GET, or a preview).
 */
export type Permission = 'read' | 'write' | 'manage_members' | 'manage_owners';

export interface Session {
  user: { id: string; email: string };
  organization: { id: string; name: string; time_zone?: string };
  /** The user's role in the organization (docs/guides/team.md). */
  role?: Role;
  /** The role's permissions as the API enforces them; the dashboard hides the actions they do not allow. */
  permissions?: Permission[];
  csrf_token: string;
  expires_at?: string;
  /** Whether the service keeps its messages for the mail catcher's page (GET /dashboard/api/session only). */
  mail_catcher?: boolean;
}

/** undefined while the first session check runs, null when signed out. */
export const sessionStore = createStore<Session | null | undefined>(undefined);

export function csrfToken(): string | undefined {
  return sessionStore.get()?.csrf_token ?? undefined;
}

/** Whether the session's role may do what `permission` covers: an action it may not is not shown. */
export function useCan(permission: Permission): boolean {
  return useStore(sessionStore)?.permissions?.includes(permission) ?? false;
}
