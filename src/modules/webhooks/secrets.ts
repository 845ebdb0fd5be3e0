/**
 * The encrypted signing secrets of a webhook endpoint (envelope encryption, as fiscal profiles
 * keep their CSD keys). Each write of the secrets gets a fresh data key wrapped by the master key;
 * each secret is sealed under it with associated data naming the table, the organization, the
 * endpoint and the column, so bytes copied into another endpoint never decrypt there. Rows
 * written before encryption hold plaintext `secret`/`previous_secret`: they are read as they are
 * and sealed at start by `sealPlaintextSecrets`.
 */
import type { Db } from '../../platform/db/database.ts';
import { associatedData, decryptSecret, encryptSecret, newDataKey, unwrapDataKey, wrapDataKey, type MasterKeyring } from '../../platform/crypto/index.ts';

const TABLE = 'webhook_endpoints';

type Field = 'data_key' | 'secret' | 'previous_secret';

/** The endpoint a secret belongs to (its own organization, not the event's). */
export interface EndpointOwner {
  id: string;
  organization_id: string;
}

/** The secret columns as stored: sealed, or plaintext in rows written before encryption. */
export interface StoredSecrets {
  data_key: Uint8Array | null;
  secret_encrypted: Uint8Array | null;
  previous_secret_encrypted: Uint8Array | null;
  secret: string | null;
  previous_secret: string | null;
}

/** The columns a write of the secrets sets: sealed values in, plaintext columns cleared. */
export interface SealedColumns {
  data_key: Buffer;
  secret_encrypted: Buffer;
  previous_secret_encrypted: Buffer | null;
  secret: null;
  previous_secret: null;
}

function aad(owner: EndpointOwner, field: Field): string {
  return associatedData({ table: TABLE, rowId: owner.id, organizationId: owner.organization_id, field });
}

/** Seals the current secret (and the previous one, during a rotation) under a new data key. */
export function sealSecrets(keyring: MasterKeyring, owner: EndpointOwner, secret: string, previous: string | null): SealedColumns {
  const dataKey = newDataKey();
  return {
    data_key: wrapDataKey(keyring, dataKey, aad(owner, 'data_key')),
    secret_encrypted: encryptSecret(dataKey, secret, aad(owner, 'secret')),
    previous_secret_encrypted: previous === null ? null : encryptSecret(dataKey, previous, aad(owner, 'previous_secret')),
    secret: null,
    previous_secret: null,
  };
}

/**
 * The plaintext secrets of a row, for signing (and for rotation, which re-seals the current one
 * as the previous one). Throws EnvelopeError when the sealed bytes belong to another row.
 */
export function openSecrets(keyring: MasterKeyring, owner: EndpointOwner, stored: StoredSecrets): { secret: string; previous: string | null } {
  if (stored.data_key === null || stored.secret_encrypted === null) {
    if (stored.secret === null) throw new Error(`Webhook endpoint ${owner.id} has no signing secret.`);
    return { secret: stored.secret, previous: stored.previous_secret };
  }
  const dataKey = unwrapDataKey(keyring, stored.data_key, aad(owner, 'data_key'));
  const secret = decryptSecret(dataKey, stored.secret_encrypted, aad(owner, 'secret')).toString('utf8');
  const previous =
    stored.previous_secret_encrypted === null ? null : decryptSecret(dataKey, stored.previous_secret_encrypted, aad(owner, 'previous_secret')).toString('utf8');
  return { secret, previous };
}

/**
 * Seals every secret still stored in plaintext and clears the plaintext columns; returns how many
 * rows it sealed. Idempotent, and safe beside other processes: each update applies only while the
 * row still holds the plaintext that was read, so a concurrent rotation or sealing wins intact.
 */
export async function sealPlaintextSecrets(db: Db, keyring: MasterKeyring): Promise<number> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'organization_id', 'secret', 'previous_secret'])
    .where('secret', 'is not', null)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const columns = sealSecrets(keyring, row, row.secret!, row.previous_secret);
    const result = await db
      .updateTable('webhook_endpoints')
      .set(columns)
      .where('id', '=', row.id)
      .where('secret', '=', row.secret!)
      .where((eb) => (row.previous_secret === null ? eb('previous_secret', 'is', null) : eb('previous_secret', '=', row.previous_secret)))
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}
