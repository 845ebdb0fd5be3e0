import type { ApiKeyRow } from './repository.ts';

export function serializeApiKey(row: ApiKeyRow, secret?: string) {
  return {
    object: 'api_key' as const,
    id: row.id,
    name: row.name,
    mode: row.mode,
    livemode: row.mode === 'live',
    prefix: row.prefix,
    ...(secret !== undefined ? { key: secret } : {}),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    version: row.version,
    created_at: row.created_at.toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'api_key.revoked': ReturnType<typeof serializeApiKey>;
  }
}
