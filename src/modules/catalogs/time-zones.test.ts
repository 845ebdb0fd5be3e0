import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isKnownTimeZone, MEXICAN_STATES, resolveTimeZone, zoneOfSatDescription } from './time-zones.ts';

test("the SAT's huso horario descriptions map to IANA zones", () => {
  const cases: [string, string | null, string][] = [
    ['Tiempo del Centro', 'NLE', 'America/Mexico_City'],
    ['Tiempo del Pacífico', 'SIN', 'America/Mazatlan'],
    ['Tiempo del Pacífico Sonora', 'SON', 'America/Hermosillo'],
    ['Tiempo del Noroeste', 'BCN', 'America/Tijuana'],
    ['Tiempo del Sureste', 'ROO', 'America/Cancun'],
    ['Tiempo del Centro en Frontera', 'TAM', 'America/Matamoros'],
    ['Tiempo del Centro en Frontera', 'CHH', 'America/Ojinaga'],
    ['Tiempo del Pacífico en Frontera', 'CHH', 'America/Ciudad_Juarez'],
    ['TIEMPO DEL PACIFICO', null, 'America/Mazatlan'],
    ['Centro', null, 'America/Mexico_City'],
  ];
  for (const [description, state, zone] of cases) assert.equal(zoneOfSatDescription(description, state), zone, description);
  assert.equal(zoneOfSatDescription('Tiempo de Marte', 'CMX'), undefined);
});

test("every zone the service can assign is known to the runtime's time-zone database", () => {
  const zones = new Set(Object.values(MEXICAN_STATES).map((state) => state.timeZone));
  for (const description of ['Centro', 'Pacífico', 'Pacífico Sonora', 'Noroeste', 'Sureste', 'Centro en Frontera', 'Pacífico en Frontera']) {
    zones.add(zoneOfSatDescription(description, null)!);
  }
  zones.add('America/Ojinaga');
  for (const zone of zones) assert.ok(isKnownTimeZone(zone), zone);
  assert.equal(Object.keys(MEXICAN_STATES).length, 32);
  assert.equal(isKnownTimeZone('America/Atlantis'), false);
  assert.equal(isKnownTimeZone('UTC'), false, 'a postal code zone is a region/city name');
});

test("a postal code's zone: the file's IANA column, else the SAT description, else the state, else Mexico City", () => {
  assert.deepEqual(resolveTimeZone({ zone: 'America/Tijuana', satDescription: 'Tiempo del Centro', state: 'CMX' }), {
    zone: 'America/Tijuana',
    source: 'file',
  });
  assert.deepEqual(resolveTimeZone({ zone: null, satDescription: 'Tiempo del Sureste', state: 'ROO' }), { zone: 'America/Cancun', source: 'sat_description' });
  assert.deepEqual(resolveTimeZone({ zone: null, satDescription: 'desconocido', state: 'SON' }), { zone: 'America/Hermosillo', source: 'state' });
  assert.deepEqual(resolveTimeZone({ zone: null, satDescription: null, state: 'BCN' }), { zone: 'America/Tijuana', source: 'state' });
  assert.deepEqual(resolveTimeZone({ zone: null, satDescription: null, state: 'XXX' }), { zone: 'America/Mexico_City', source: 'default' });
});
