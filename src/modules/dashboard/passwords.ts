/**
 * Dashboard passwords: scrypt from node:crypto, always asynchronous (the event loop serves every
 * tenant), stored as a self-describing string `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64url)
 * so the parameters can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptParameters {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

// N = 2^15, r = 8: 32 MiB and tens of milliseconds per derivation, the memory-hard setting
// commonly recommended for interactive sign-in.
const CURRENT: ScryptParameters = { ln: 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// scrypt needs 128·N·r bytes; the ceiling leaves room above the current setting and refuses a
// stored string that would ask for more.
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/**
 * A hash of a password nobody knows, with the current parameters: an unknown e-mail is checked
 * against it so that it costs what a wrong password costs, and timing cannot tell them apart.
 */
const DUMMY_HASH = '$scrypt$ln=15,r=8,p=1$EugPI0Jsi2_SNxdWz54AqA$NsUIYh7NdEb2Zge8morBfveHFIgRVh2-WcAaqQAMBUE';

// Each derivation holds a libuv thread and 32 MiB: at most two run at once, so a burst of
// sign-ins leaves the rest of the thread pool to file reads, DNS and signing, and bounds memory.
// Process-wide on purpose: the libuv thread pool and the memory it bounds belong to the process.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so a newcomer can never overtake it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  // Unicode normalisation: the same password typed on two keyboards gives the same bytes.
  const text = password.normalize('NFKC');
  return gated(
    () =>
      new Promise((resolve, reject) => {
        scrypt(text, salt, KEY_BYTES, { N: 2 ** parameters.ln, r: parameters.r, p: parameters.p, maxmem: MAX_MEMORY_BYTES }, (error, key) => {
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

function format(parameters: ScryptParameters, salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${parameters.ln},r=${parameters.r},p=${parameters.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const parameters = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (parameters.ln < 1 || parameters.r < 1 || parameters.p < 1) return undefined;
  return { parameters, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(CURRENT, salt, await derive(password, salt, CURRENT));
}

/** Whether `password` matches `stored`; with no stored hash (unknown e-mail) it costs the same and fails. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = parse(stored ?? DUMMY_HASH) ?? parse(DUMMY_HASH)!;
  const key = await derive(password, parsed.salt, parsed.parameters);
  const matches = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return matches && stored !== undefined && parse(stored) !== undefined;
}

/** True when `stored` was made with other parameters than today's: rehash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.parameters.ln !== CURRENT.ln || parsed.parameters.r !== CURRENT.r || parsed.parameters.p !== CURRENT.p;
}
