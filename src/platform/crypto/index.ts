/** Envelope encryption of secrets at rest: the master keyring and AES-256-GCM data keys. */
export { MASTER_KEY_FILE, MasterKeyring, masterKeyringFor } from './master-key.ts';
export {
  EnvelopeError,
  associatedData,
  decryptSecret,
  encryptSecret,
  newDataKey,
  unwrapDataKey,
  wrapDataKey,
} from './envelope.ts';
