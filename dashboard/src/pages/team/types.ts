import type { Role } from '../../core/session.ts';

export interface Member {
  user: { id: string; email: string };
  role: Role;
  joined_at: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
  /** Only in the answer that creates it: the link, shown once. */
  accept_url?: string;
}

export interface AuditEvent {
  id: string;
  user: { id: string; email: string };
  action: string;
  object_id: string | null;
  detail: string | null;
  mode: 'test' | 'live' | null;
  address: string;
  created_at: string;
}

export const ROLES: Role[] = ['owner', 'admin', 'developer', 'accountant'];
