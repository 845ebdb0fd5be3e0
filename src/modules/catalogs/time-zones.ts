import { MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { searchable } from './normalize.ts';

/**
 * Mexico's states (c_Estado, país MEX): their names, for postal-code descriptions, and the IANA
 * zone that covers most of each state, used when a postal code's own zone is unknown. Where a
 * state spans zones (Chihuahua, Coahuila, Nuevo León and Tamaulipas along the US border, Nayarit's
 * Bahía de Banderas) the fallback is the state's main zone: the SAT's huso horario, when the
 * imported file carries it, is what places a postal code in a border zone.
 */
export const MEXICAN_STATES: Readonly<Record<string, { name: string; timeZone: string }>> = {
  AGU: { name: 'Aguascalientes', timeZone: 'America/Mexico_City' },
  BCN: { name: 'Baja California', timeZone: 'America/Tijuana' },
  BCS: { name: 'Baja California Sur', timeZone: 'America/Mazatlan' },
  CAM: { name: 'Campeche', timeZone: 'America/Merida' },
  CHP: { name: 'Chiapas', timeZone: 'America/Mexico_City' },
  CHH: { name: 'Chihuahua', timeZone: 'America/Chihuahua' },
  COA: { name: 'Coahuila', timeZone: 'America/Monterrey' },
  COL: { name: 'Colima', timeZone: 'America/Mexico_City' },
  CMX: { name: 'Ciudad de México', timeZone: 'America/Mexico_City' },
  DUR: { name: 'Durango', timeZone: 'America/Monterrey' },
  GUA: { name: 'Guanajuato', timeZone: 'America/Mexico_City' },
  GRO: { name: 'Guerrero', timeZone: 'America/Mexico_City' },
  HID: { name: 'Hidalgo', timeZone: 'America/Mexico_City' },
  JAL: { name: 'Jalisco', timeZone: 'America/Mexico_City' },
  MEX: { name: 'Estado de México', timeZone: 'America/Mexico_City' },
  MIC: { name: 'Michoacán', timeZone: 'America/Mexico_City' },
  MOR: { name: 'Morelos', timeZone: 'America/Mexico_City' },
  NAY: { name: 'Nayarit', timeZone: 'America/Mazatlan' },
  NLE: { name: 'Nuevo León', timeZone: 'America/Monterrey' },
  OAX: { name: 'Oaxaca', timeZone: 'America/Mexico_City' },
  PUE: { name: 'Puebla', timeZone: 'America/Mexico_City' },
  QUE: { name: 'Querétaro', timeZone: 'America/Mexico_City' },
  ROO: { name: 'Quintana Roo', timeZone: 'America/Cancun' },
  SLP: { name: 'San Luis Potosí', timeZone: 'America/Mexico_City' },
  SIN: { name: 'Sinaloa', timeZone: 'America/Mazatlan' },
  SON: { name: 'Sonora', timeZone: 'America/Hermosillo' },
  TAB: { name: 'Tabasco', timeZone: 'America/Mexico_City' },
  TAM: { name: 'Tamaulipas', timeZone: 'America/Monterrey' },
  TLA: { name: 'Tlaxcala', timeZone: 'America/Mexico_City' },
  VER: { name: 'Veracruz', timeZone: 'America/Mexico_City' },
  YUC: { name: 'Yucatán', timeZone: 'America/Merida' },
  ZAC: { name: 'Zacatecas', timeZone: 'America/Mexico_City' },
};

/** docs/contract.md §2: Fecha is written in Mexico City time when a postal code's zone is unknown. */
const DEFAULT_TIME_ZONE = MEXICO_CITY_TIME_ZONE;

/**
 * c_CodigoPostal's "Descripción del Huso Horario" → IANA. The SAT's border zones follow the US
 * daylight-saving calendar: "Centro en Frontera" is Matamoros's zone (Coahuila, Nuevo León and
 * Tamaulipas) or, in Chihuahua, Ojinaga's; "Pacífico en Frontera" is Ciudad Juárez's.
 */
const SAT_ZONES: Readonly<Record<string, string>> = {
  'tiempo del centro': 'America/Mexico_City',
  'tiempo del pacifico': 'America/Mazatlan',
  'tiempo del pacifico sonora': 'America/Hermosillo',
  'tiempo del noroeste': 'America/Tijuana',
  'tiempo del noroeste en frontera': 'America/Tijuana',
  'tiempo del sureste': 'America/Cancun',
  'tiempo del centro en frontera': 'America/Matamoros',
  'tiempo del pacifico en frontera': 'America/Ciudad_Juarez',
};

// A catalog repeats a handful of descriptions 100,000 times: normalise each once. Process-wide on
// purpose and no cache: a memo of a pure function, at most 100 short strings, the same for every app.
const descriptionKeys = new Map<string, string>();

/** The IANA zone of a SAT huso horario description, or undefined when the description is unknown. */
export function zoneOfSatDescription(description: string, state: string | null): string | undefined {
  let key = descriptionKeys.get(description);
  if (key === undefined) {
    key = searchable(description);
    if (descriptionKeys.size < 100) descriptionKeys.set(description, key);
  }
  if (!key.startsWith('tiempo del ')) key = `tiempo del ${key}`;
  const zone = SAT_ZONES[key];
  if (zone === 'America/Matamoros' && state === 'CHH') return 'America/Ojinaga';
  return zone;
}

/** Whether the runtime's time-zone database knows `zone` (an IANA name). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return /^[A-Za-z_]+\/[A-Za-z_/+-]+$/.test(zone);
  } catch {
    return false;
  }
}

export type TimeZoneSource = 'file' | 'sat_description' | 'state' | 'default';

/**
 * A postal code's zone: the file's IANA column when it has one, else the SAT description, else
 * the state's main zone, else Mexico City.
 */
export function resolveTimeZone(input: { zone: string | null; satDescription: string | null; state: string | null }): { zone: string; source: TimeZoneSource } {
  if (input.zone) return { zone: input.zone, source: 'file' };
  const fromDescription = input.satDescription ? zoneOfSatDescription(input.satDescription, input.state) : undefined;
  if (fromDescription) return { zone: fromDescription, source: 'sat_description' };
  const fromState = input.state ? MEXICAN_STATES[input.state]?.timeZone : undefined;
  if (fromState) return { zone: fromState, source: 'state' };
  return { zone: DEFAULT_TIME_ZONE, source: 'default' };
}
