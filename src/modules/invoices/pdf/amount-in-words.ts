/**
 * The "importe con letra" of a representación impresa: the total in Spanish words, followed by the
 * cents as a fraction and the currency, e.g. "MIL CIENTO SESENTA PESOS 00/100 M.N.".
 *
 * Written here rather than taken from a number-to-words package because invoice wording needs
 * rules those packages leave to the caller: apocope before a noun ("VEINTIÚN PESOS", "UN MILLÓN"),
 * "DE" after a round million ("UN MILLÓN DE PESOS"), feminine currencies ("DOSCIENTAS LIBRAS"),
 * the long scale up to the 18 integer digits of t_Importe, and exact decimal input (no floats).
 */
import { Decimal } from 'decimal.js';

type Gender = 'masculine' | 'feminine';

const UNITS = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
] as const;
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'] as const;
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
] as const;

/**
 * How the word for one (alone, or as the last word) is written: `full` for counting ("VEINTIUNO"),
 * `apocope` before a masculine noun or MIL/MILLÓN ("VEINTIÚN"), `feminine` before a feminine noun.
 */
type OneForm = 'full' | 'apocope' | 'feminine';

function belowHundred(value: number, one: OneForm): string {
  if (value < 30) {
    const word = UNITS[value] as string;
    if (value === 1) return one === 'full' ? 'UNO' : one === 'apocope' ? 'UN' : 'UNA';
    if (value === 21) return one === 'full' ? 'VEINTIUNO' : one === 'apocope' ? 'VEINTIÚN' : 'VEINTIUNA';
    return word;
  }
  const tens = TENS[Math.floor(value / 10)] as string;
  const unit = value % 10;
  return unit === 0 ? tens : `${tens} Y ${belowHundred(unit, one)}`;
}

/** 1 to 999. Hundreds agree in gender with a feminine noun ("DOSCIENTAS"). */
function belowThousand(value: number, one: OneForm): string {
  if (value === 100) return 'CIEN';
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  let head = HUNDREDS[hundreds] as string;
  if (one === 'feminine' && hundreds > 1) head = head.replace(/OS$/, 'AS');
  if (rest === 0) return head;
  const tail = belowHundred(rest, one);
  return head === '' ? tail : `${head} ${tail}`;
}

/** 1 to 999,999: "[n] MIL [m]". Before MIL the apocope is used ("VEINTIÚN MIL"). */
function belowMillion(value: number, one: OneForm): string {
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${belowThousand(thousands, one === 'feminine' ? 'feminine' : 'apocope')} MIL`);
  if (rest > 0) parts.push(belowThousand(rest, one));
  return parts.join(' ');
}

const SCALES: readonly { power: bigint; singular: string; plural: string }[] = [
  { power: 10n ** 12n, singular: 'BILLÓN', plural: 'BILLONES' },
  { power: 10n ** 6n, singular: 'MILLÓN', plural: 'MILLONES' },
];

function integerWords(value: bigint, one: OneForm): string {
  if (value < 0n) throw new RangeError('Only non-negative amounts have words.');
  if (value >= 10n ** 18n) throw new RangeError('Amounts of more than 18 integer digits have no words here.');
  if (value === 0n) return 'CERO';
  const parts: string[] = [];
  let rest = value;
  for (const scale of SCALES) {
    // Long scale: each million-group counts up to 999,999 of its unit ("MIL MILLONES").
    const count = rest / scale.power;
    rest %= scale.power;
    if (count === 0n) continue;
    parts.push(count === 1n ? `UN ${scale.singular}` : `${belowMillion(Number(count), 'apocope')} ${scale.plural}`);
  }
  if (rest > 0n) parts.push(belowMillion(Number(rest), one));
  return parts.join(' ');
}

/** A whole number in words, as counted: 21 → "VEINTIUNO", 1001 → "MIL UNO". */
export function numberToSpanishWords(value: bigint | number): string {
  return integerWords(BigInt(value), 'full');
}

interface CurrencyNoun {
  singular: string;
  plural: string;
  gender: Gender;
}

/** Nouns of the currencies commonly invoiced in Mexico; other codes are written as their code. */
const CURRENCY_NOUNS: ReadonlyMap<string, CurrencyNoun> = new Map([
  ['MXN', { singular: 'PESO', plural: 'PESOS', gender: 'masculine' }],
  ['USD', { singular: 'DÓLAR', plural: 'DÓLARES', gender: 'masculine' }],
  ['CAD', { singular: 'DÓLAR CANADIENSE', plural: 'DÓLARES CANADIENSES', gender: 'masculine' }],
  ['EUR', { singular: 'EURO', plural: 'EUROS', gender: 'masculine' }],
  ['GBP', { singular: 'LIBRA ESTERLINA', plural: 'LIBRAS ESTERLINAS', gender: 'feminine' }],
  ['JPY', { singular: 'YEN', plural: 'YENES', gender: 'masculine' }],
  ['CHF', { singular: 'FRANCO SUIZO', plural: 'FRANCOS SUIZOS', gender: 'masculine' }],
  ['CNY', { singular: 'YUAN', plural: 'YUANES', gender: 'masculine' }],
]);

/**
 * "MIL CIENTO SESENTA PESOS 00/100 M.N." for MXN, "… DÓLARES 00/100 USD" for USD. The amount is a
 * decimal string (as in the XML); cents beyond two decimals are rounded half-up. A round number of
 * millions takes "DE" before the noun ("UN MILLÓN DE PESOS"). A currency without a known noun is
 * named by its code after the fraction ("CIEN 00/100 BRL").
 */
export function amountInWords(amount: string, currency: string): string {
  if (!/^[0-9]+(\.[0-9]*)?$/.test(amount.trim())) throw new RangeError(`"${amount}" is not a non-negative decimal amount.`);
  const value = new Decimal(amount.trim());
  const cents = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const integer = BigInt(cents.floor().toFixed(0));
  const fraction = cents.minus(cents.floor()).times(100).toFixed(0).padStart(2, '0');
  const code = currency.trim().toUpperCase();
  const suffix = code === 'MXN' ? 'M.N.' : code;
  const noun = CURRENCY_NOUNS.get(code);
  if (noun === undefined) return `${integerWords(integer, 'full')} ${fraction}/100 ${suffix}`;
  const words = integerWords(integer, noun.gender === 'feminine' ? 'feminine' : 'apocope');
  const roundMillions = integer >= 1_000_000n && integer % 1_000_000n === 0n;
  const name = integer === 1n ? noun.singular : noun.plural;
  return `${words}${roundMillions ? ' DE' : ''} ${name} ${fraction}/100 ${suffix}`;
}
