/** What `serve` says at start about a configuration that is not fit for production. */
import path from 'node:path';
import type { Config } from './platform/config.ts';
import { MASTER_KEY_FILE } from './platform/crypto/index.ts';

/** What a developer must know about a server that is not configured for production. */
export function startWarnings(config: Config): string[] {
  if (config.appEnv === 'production') return [];
  const warnings: string[] = [];
  if (!config.masterKey) {
    warnings.push(
      `MASTER_KEY is not set: the master key is the generated ${path.join(config.dataDir, MASTER_KEY_FILE)}. Every stored private key and webhook secret is encrypted under it; losing that file loses them. Back it up, and set MASTER_KEY in production (which refuses to start without it).`,
    );
  }
  warnings.push(`APP_ENV is ${config.appEnv}: webhook endpoints may use plain http and point at loopback and private addresses (production refuses both).`);
  return warnings;
}
