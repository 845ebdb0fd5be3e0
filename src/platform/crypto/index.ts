/** Envelope encryption of secrets at rest: the master keyring and AES-256-GCM data keys. */
export {
  MASTER_KEY_BYTES,
  MASTER_KEY_FILE,
  MasterKeyError,
  MasterKeyring,
  decodeMasterKey,
  loadMasterKeyring,
  masterKeyringFor,
  masterKeyId,
  parseMasterKeyList,
  type MasterKey,
  type MasterKeyringOptions,
} from './master-key.ts';
export {
  DATA_KEY_BYTES,
  EnvelopeError,
  associatedData,
  decryptSecret,
  encryptSecret,
  newDataKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
  type EnvelopeErrorCode,
} from './envelope.ts';
