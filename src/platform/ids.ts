import { monotonicFactory } from 'ulid';
import { randomFraction } from './random.ts';

/** Every id prefix the service issues (docs/decisions.md, "Ids"). */
const ID_PREFIXES = [
  'org',
  'key',
  'fp',
  'inv',
  'val',
  'dl',
  'sreq',
  'chk',
  'we',
  'whd',
  'evt',
  'req',
  'ur',
  'job',
  'cfdi',
  'usr',
  'dses',
  'cus',
  'prod',
  'dinv',
  'aud',
  'msg',
  'iem',
  'exp',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

// Each of the 16 random characters takes one byte (byte / 256 * 32 is uniform over the 32 symbols).
const nextUlid = monotonicFactory(randomFraction);

/**
 * `<prefix>_<ulid>` in lower case: 48 bits of milliseconds then 80 random bits, so ids sort by
 * creation time (newest first = id descending) and stay strictly increasing inside one process.
 */
export function newId(prefix: IdPrefix, at: number = Date.now()): string {
  return `${prefix}_${nextUlid(at).toLowerCase()}`;
}

const ULID_BODY = /^[0-9a-hjkmnp-tv-z]{26}$/;

/** True when `value` has the shape of an id with this prefix. */
export function isId(prefix: IdPrefix, value: string): boolean {
  if (!value.startsWith(`${prefix}_`)) return false;
  return ULID_BODY.test(value.slice(prefix.length + 1));
}
