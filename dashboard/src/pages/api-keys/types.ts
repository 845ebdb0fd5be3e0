export interface ApiKey {
  id: string;
  name: string;
  mode: 'test' | 'live';
  prefix: string;
  key?: string;
  last_used_at: string | null;
  revoked_at: string | null;
  version: string | null;
  created_at: string;
}
