import { randomInt } from 'node:crypto';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { hashSecret } from '../../platform/http/auth.ts';
import { newId } from '../../platform/ids.ts';
import { insertApiKey, type ApiKeyRow } from './repository.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 32; // 32 base62 characters: about 190 bits

function randomSecretBody(): string {
  let body = '';
  for (let index = 0; index < SECRET_LENGTH; index++) body += ALPHABET[randomInt(ALPHABET.length)];
  return body;
}

export interface CreatedApiKey {
  row: ApiKeyRow;
  /** The plaintext secret: returned once, never stored. */
  secret: string;
}

/**
 * A new key of `organizationId`, created at `at`. It takes a database handle rather than a `Ctx`:
 * organization creation and the dashboard's sign-up create keys inside their own transactions.
 */
export async function createApiKey(db: Db, organizationId: string, input: { name: string; mode: Mode; at: Date }): Promise<CreatedApiKey> {
  const { name, mode, at } = input;
  const body = randomSecretBody();
  const secret = `sk_${mode}_${body}`;
  const row = await insertApiKey(db, {
    id: newId('key', at.getTime()),
    organization_id: organizationId,
    name,
    mode,
    prefix: `sk_${mode}_${body.slice(0, 4)}`,
    secret_hash: hashSecret(secret),
    version: null,
    last_used_at: null,
    revoked_at: null,
    created_at: at,
  });
  return { row, secret };
}
