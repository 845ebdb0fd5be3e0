import { randomFillSync } from 'node:crypto';

/**
 * Random bytes for identifiers (resource and request ids, trace and span ids), drawn from the
 * operating system's CSPRNG a page at a time: one call per few hundred ids instead of one (or,
 * for ULIDs, sixteen) per id, which showed up as a tenth of a cached GET's CPU time. Secrets
 * (API keys, webhook secrets, encryption keys) do not use it; they call node:crypto directly.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

function take(count: number): number {
  if (offset + count > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += count;
  return start;
}

/** A uniformly distributed number in [0, 1) with 8 bits of resolution, as ulid's PRNG contract asks. */
export function randomFraction(): number {
  return pool[take(1)]! / 256;
}

/** `count` random bytes as lower-case hex. */
export function randomHex(count: number): string {
  const start = take(count);
  return pool.toString('hex', start, start + count);
}
