/**
 * Deterministic synthetic history: for any RFC, the CFDIs it issued to and received from
 * synthetic counterparties, month by month. Everything about a synthetic CFDI (UUID, dates,
 * type, amount, counterparty, cancellation) is a function of (RFC, side, month, index), so the
 * simulator stores none of them and regenerates any of them on demand.
 *
 * The UUID carries its coordinates in plain sight, so that a UUID alone leads back to its CFDI:
 * `HHHHHHHH-HHHH-MMMM-SHHH-IIIIIIHHHHHH` with M = month number (hex), S = A (issued by the owner)
 * or B (received by the owner), I = index in the month (hex), H = hash digits.
 */
import { createHash } from 'node:crypto';
import { Rfc } from '@nodecfdi/rfc';
import { instantOf, monthStart } from './local-time.ts';
import type { MonthNumber } from './local-time.ts';

export type Side = 'issued' | 'received';

export interface SyntheticCoordinates {
  owner: string;
  side: Side;
  month: MonthNumber;
  index: number;
}

export interface SyntheticCfdi extends SyntheticCoordinates {
  uuid: string;
  /** Instant of the Comprobante Fecha (ms since epoch). */
  issuedAt: number;
  /** Instant of the TFD FechaTimbrado (ms). */
  stampedAt: number;
  tipo: 'I' | 'E';
  /** Index into COUNTERPARTIES. */
  counterparty: number;
  /** SubTotal in cents; Total = SubTotal + IVA 16 % (rounded half up to cents). */
  subtotalCents: number;
  cancelledAt: number | null;
}

export interface Counterparty {
  rfc: string;
  name: string;
  postalCode: string;
}

// Twelve counterparties: enough variety for filters, few CSDs to issue (one RSA key each).
const ACTIVITIES = ['COMERCIALIZADORA', 'SERVICIOS', 'CONSTRUCTORA'];
const REGIONS = ['DEL NORTE', 'DEL BAJIO', 'DE OCCIDENTE', 'DEL SURESTE'];
const POSTAL_CODES = ['06000', '44100', '64000', '72000', '97000', '22000', '31000', '83000'];

/** The synthetic taxpayers every profile trades with (personas morales with valid RFC check digits). */
export const COUNTERPARTIES: readonly Counterparty[] = ACTIVITIES.flatMap((activity, a) =>
  REGIONS.map((region, r) => {
    const index = a * REGIONS.length + r;
    return {
      rfc: Rfc.fromSerial(2_000_000_000 + index * 1_234_567_891).getRfc(),
      name: `${activity} ${region} SIMULADA SA DE CV`,
      postalCode: POSTAL_CODES[index % POSTAL_CODES.length]!,
    };
  }),
);

/**
 * Taxpayers some synthetic CFDIs are issued on behalf of (a cuenta de terceros): personas físicas
 * with valid RFC check digits, none of them a counterparty.
 */
export const THIRD_PARTIES: readonly Counterparty[] = ['UNO', 'DOS', 'TRES'].map((name, index) => ({
  rfc: Rfc.fromSerial(35_000_000_000_000 + index * 987_654_321_001).getRfc(),
  name: `PERSONA TERCERA ${name} SIMULADA`,
  postalCode: POSTAL_CODES[(index + 3) % POSTAL_CODES.length]!,
}));

/**
 * The third party a synthetic CFDI is issued on behalf of, by a fixed rule: every ingreso whose
 * index in its month is a multiple of 5 (the month's first, sixth, eleventh…), on behalf of
 * THIRD_PARTIES[month % 3]; no other. Its one Concepto carries the ACuentaTerceros, and metadata
 * packages list it in their `_tercero.txt`.
 */
export function thirdPartyOf(cfdi: Pick<SyntheticCfdi, 'tipo' | 'index' | 'month'>): Counterparty | undefined {
  return cfdi.tipo === 'I' && cfdi.index % 5 === 0 ? THIRD_PARTIES[cfdi.month % THIRD_PARTIES.length] : undefined;
}

const DAY_MS = 86_400_000;

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** How many CFDIs the owner has on one side in one month: the average ±30 %, fixed per month. */
export function monthlyCount(owner: string, side: Side, month: MonthNumber, average: number): number {
  const fraction = hashBytes(`${owner}|${side}|${month}|count`).readUInt32BE(0) / 0x1_0000_0000;
  return Math.round(average * (0.7 + 0.6 * fraction));
}

/** The UUID of the CFDI whose hash is `hex` (64 hex digits), with its coordinates in plain sight. */
function syntheticUuid(hex: string, coordinates: SyntheticCoordinates): string {
  const side = coordinates.side === 'issued' ? 'A' : 'B';
  const month = coordinates.month.toString(16).padStart(4, '0');
  const index = coordinates.index.toString(16).padStart(6, '0');
  return `${hex.slice(38, 46)}-${hex.slice(46, 50)}-${month}-${side}${hex.slice(50, 53)}-${index}${hex.slice(54, 60)}`.toUpperCase();
}

export interface MonthBounds {
  start: number;
  end: number;
}

export function monthBounds(month: MonthNumber, timeZone: string): MonthBounds {
  return { start: instantOf(monthStart(month), timeZone).getTime(), end: instantOf(monthStart(month + 1), timeZone).getTime() };
}

/** One synthetic CFDI; `bounds` are the month's instants (computed once per month by callers). */
export function syntheticCfdi(coordinates: SyntheticCoordinates, bounds: MonthBounds, cancelledShare: number): SyntheticCfdi {
  const { owner, side, month, index } = coordinates;
  const bytes = hashBytes(`${owner}|${side}|${month}|${index}`);
  const issuedAt = bounds.start + Math.floor(((bytes.readUInt32BE(0) / 0x1_0000_0000) * (bounds.end - bounds.start)) / 1000) * 1000;
  // A PAC stamps within minutes of Fecha.
  const stampedAt = issuedAt + (1 + (bytes.readUInt16BE(4) % 600)) * 1000;
  const cancelled = bytes.readUInt16BE(13) / 0x1_0000 < cancelledShare;
  // One literal with every field in a fixed order keeps 100,000 of these fast to build and sort.
  return {
    owner,
    side,
    month,
    index,
    uuid: syntheticUuid(bytes.toString('hex'), coordinates),
    issuedAt,
    stampedAt,
    tipo: bytes[6]! < 38 ? 'E' : 'I',
    counterparty: bytes.readUInt16BE(7) % COUNTERPARTIES.length,
    subtotalCents: 10_000 + (bytes.readUInt32BE(9) % 4_990_000),
    cancelledAt: cancelled ? stampedAt + 3_600_000 + (bytes.readUInt32BE(15) % (30 * DAY_MS)) : null,
  };
}

/** Reads the coordinates a synthetic UUID carries (the owner comes from elsewhere). */
export function coordinatesOf(uuid: string): { side: Side; month: MonthNumber; index: number } | undefined {
  const match = /^[0-9A-F]{8}-[0-9A-F]{4}-([0-9A-F]{4})-([AB])[0-9A-F]{3}-([0-9A-F]{6})[0-9A-F]{6}$/.exec(uuid.toUpperCase());
  if (!match) return undefined;
  return { side: match[2] === 'A' ? 'issued' : 'received', month: parseInt(match[1]!, 16), index: parseInt(match[3]!, 16) };
}

/** Total in cents of a SubTotal with IVA 16 % (Anexo 20: tax amounts rounded half up to the currency's decimals). */
export function totalCents(subtotalCents: number): number {
  return subtotalCents + Math.floor((subtotalCents * 16 + 50) / 100);
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Hours between FechaTimbrado and the moment the SAT publishes a CFDI for bulk download: a fixed
 * value per UUID in [min, max] (FNV-1a of the UUID, so ledger and synthetic CFDIs behave alike).
 */
export function publicationLagMs(uuid: string, minHours: number, maxHours: number): number {
  let hash = 0x811c9dc5;
  for (const character of uuid.toUpperCase()) {
    hash ^= character.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return Math.round((minHours + (hash / 0x1_0000_0000) * (maxHours - minHours)) * 3_600_000);
}
