import type { ApiKeyRow } from './repository.ts';

// A key row is never changed in place (a change reads a new row), so its answer is made once.
const serialized = new WeakMap<ApiKeyRow, ReturnType<typeof serializeApiKey>>();

/** The answer for a key row without its secret, made once per row: `GET /v1/api_keys/{id}` serves cached rows. */
export function serializeStoredApiKey(row: ApiKeyRow): ReturnType<typeof serializeApiKey> {
  let answer = serialized.get(row);
  if (answer === undefined) {
    answer = serializeApiKey(row);
    serialized.set(row, answer);
  }
  return answer;
}

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
