import { createStore } from './store.ts';

export type Role = 'owner' | 'admin' | 'developer' | 'accountant';

export interface Session {
  user: { id: string; email: string };
  organization: { id: string; name: string; time_zone?: string };
  /** The user's role in the organization (docs/guides/team.md). */
  role?: Role;
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

/** Roles that change the organization's data through /v1; the API refuses the others (dashboard.forbidden_role). */
export function canWrite(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin' || role === 'developer';
}
