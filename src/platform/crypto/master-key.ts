/**
 * The master key that wraps every per-row data key (envelope encryption, docs/decisions.md). It
 * comes from MASTER_KEY (base64 of 32 bytes); outside production, when unset, one is generated
 * into `${DATA_DIR}/master.key` on first start and reused afterwards. Keys retired by a rotation
 * are listed in MASTER_KEY_PREVIOUS so data keys wrapped under them can still be unwrapped.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppEnv, Config } from '../config.ts';

const MASTER_KEY_BYTES = 32;
export const MASTER_KEY_FILE = 'master.key';

export class MasterKeyError extends Error {
  override readonly name = 'MasterKeyError';
}

export interface MasterKey {
  /** First 8 hex digits of the key's SHA-256: names the key without revealing it. */
  readonly id: string;
  readonly key: Buffer;
}

/** The current master key (wraps new data keys) and the retired ones (unwrap only). */
export class MasterKeyring {
  private readonly byId: ReadonlyMap<string, MasterKey>;

  constructor(
    readonly current: MasterKey,
    readonly previous: readonly MasterKey[] = [],
  ) {
    const byId = new Map<string, MasterKey>();
    for (const entry of [current, ...previous]) {
      const known = byId.get(entry.id);
      if (known && !known.key.equals(entry.key)) {
        throw new MasterKeyError(`Two different master keys share the id ${entry.id}; generate a new key.`);
      }
      if (!known) byId.set(entry.id, entry);
    }
    this.byId = byId;
  }

  static fromKeys(current: Buffer, previous: readonly Buffer[] = []): MasterKeyring {
    return new MasterKeyring(masterKeyOf(current), previous.map(masterKeyOf));
  }

  /** The key with this id, current or retired; undefined when this process does not hold it. */
  find(id: string): MasterKey | undefined {
    return this.byId.get(id);
  }

  /** Every key id this keyring can unwrap, the current one first. */
  ids(): string[] {
    return [...this.byId.keys()];
  }
}

export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function masterKeyOf(key: Buffer): MasterKey {
  if (key.length !== MASTER_KEY_BYTES) throw new MasterKeyError(`A master key must be ${MASTER_KEY_BYTES} bytes, got ${key.length}.`);
  return { id: masterKeyId(key), key: Buffer.from(key) };
}

/** Decodes one base64 master key; `name` says where it came from in the error. */
function decodeMasterKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== MASTER_KEY_BYTES) {
    throw new MasterKeyError(`${name} must be ${MASTER_KEY_BYTES} bytes encoded in base64.`);
  }
  return key;
}

/** MASTER_KEY_PREVIOUS: comma-separated base64 keys, blanks ignored. */
export function parseMasterKeyList(raw: string | undefined, name = 'MASTER_KEY_PREVIOUS'): Buffer[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item, index) => decodeMasterKey(item, `${name}[${index}]`));
}

export interface MasterKeyringOptions {
  /** MASTER_KEY: base64 of 32 bytes. */
  masterKey: string | undefined;
  /** MASTER_KEY_PREVIOUS: retired keys, comma-separated base64 (or already split). */
  previousMasterKeys?: string | readonly string[] | undefined;
  appEnv: AppEnv;
  /** Where a generated key is kept outside production. */
  dataDir: string;
}

/** Builds the keyring at start-up; outside production a missing key is generated once and reused. */
export function loadMasterKeyring(options: MasterKeyringOptions): MasterKeyring {
  const previous =
    typeof options.previousMasterKeys === 'string' || options.previousMasterKeys === undefined
      ? parseMasterKeyList(options.previousMasterKeys)
      : options.previousMasterKeys.map((item, index) => decodeMasterKey(item, `MASTER_KEY_PREVIOUS[${index}]`));
  if (options.masterKey) return MasterKeyring.fromKeys(decodeMasterKey(options.masterKey, 'MASTER_KEY'), previous);
  if (options.appEnv === 'production') {
    // docs/contract.md §1: production never generates its own key; losing it would lose every private key.
    throw new MasterKeyError('MASTER_KEY is required in production.');
  }
  return MasterKeyring.fromKeys(readOrCreateKeyFile(path.join(options.dataDir, MASTER_KEY_FILE)), previous);
}

/** The keyring the configuration names (MASTER_KEY, MASTER_KEY_PREVIOUS, APP_ENV, DATA_DIR). */
export function masterKeyringFor(config: Pick<Config, 'appEnv' | 'dataDir' | 'masterKey' | 'masterKeyPrevious'>): MasterKeyring {
  return loadMasterKeyring({ masterKey: config.masterKey, previousMasterKeys: config.masterKeyPrevious, appEnv: config.appEnv, dataDir: config.dataDir });
}

function readOrCreateKeyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) return decodeMasterKey(fs.readFileSync(file, 'utf8'), file);
  const key = randomBytes(MASTER_KEY_BYTES);
  // Written whole to a private temporary file, then linked into place: link() fails when the
  // file exists, so two processes starting together agree on one key and never read half a file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.chmodSync(temporary, 0o600);
    fs.linkSync(temporary, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeMasterKey(fs.readFileSync(file, 'utf8'), file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
