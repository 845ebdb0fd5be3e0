import { codeField, DESCRIPTION, defaultEntry, VALIDITY, type CatalogDefinition, type Fields } from './catalog-definition.ts';
import type { CatalogEntry } from './lookup.ts';
import { isKnownTimeZone, MEXICAN_STATES, resolveTimeZone } from './time-zones.ts';

function text(fields: Fields, key: string): string | null {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A postal code's entry: its state, municipio and localidad keys, and its time zone
 * (docs/contract.md §2: Fecha is the local time of LugarExpedicion). The SAT catalog has no place names, so the
 * description is the state's name.
 */
function postalCodeEntry(code: string, fields: Fields): CatalogEntry {
  const state = text(fields, 'state');
  const explicitZone = text(fields, 'time_zone');
  if (explicitZone && !isKnownTimeZone(explicitZone)) throw new Error(`'${explicitZone}' is not an IANA time zone`);
  const { zone, source } = resolveTimeZone({ zone: explicitZone, satDescription: text(fields, 'time_zone_description'), state });
  const stateName = state ? (MEXICAN_STATES[state]?.name ?? state) : 'Unknown state';
  return {
    code,
    description: stateName,
    valid_from: text(fields, 'valid_from'),
    valid_to: text(fields, 'valid_to'),
    data: {
      state,
      municipality: text(fields, 'municipality'),
      locality: text(fields, 'locality'),
      border_stimulus: text(fields, 'border_stimulus'),
      time_zone: zone,
      time_zone_source: source,
      time_zone_description: text(fields, 'time_zone_description'),
    },
  };
}

const CODIGO_POSTAL: CatalogDefinition = {
  slug: 'codigo_postal',
  satName: 'c_CodigoPostal',
  name: 'Postal codes (código postal)',
  builtin: false,
  codePattern: /^\d{5}$/,
  fields: [
    codeField('c_CodigoPostal', 5),
    { key: 'state', type: 'text', required: true, aliases: ['cestado', 'statecode', 'estado'] },
    { key: 'municipality', type: 'code', width: 3, aliases: ['cmunicipio', 'municipalitycode', 'municipio'] },
    { key: 'locality', type: 'code', width: 2, aliases: ['clocalidad', 'localitycode', 'localidad'] },
    { key: 'border_stimulus', type: 'text', aliases: ['estimulofranjafronteriza'] },
    { key: 'time_zone', type: 'text', aliases: ['timezone', 'zonahoraria', 'husohorarioiana', 'iana'] },
    { key: 'time_zone_description', type: 'text', aliases: ['descripciondelhusohorario', 'husohorario'] },
    ...VALIDITY,
  ],
  toEntry: postalCodeEntry,
};

const CLAVE_PROD_SERV: CatalogDefinition = {
  slug: 'clave_prod_serv',
  satName: 'c_ClaveProdServ',
  name: 'Product and service keys (clave de producto o servicio)',
  builtin: false,
  codePattern: /^\d{8}$/,
  fields: [
    codeField('c_ClaveProdServ', 8),
    DESCRIPTION,
    { key: 'includes_iva', type: 'availability', aliases: ['ivatrasladado', 'incluirivatrasladado'] },
    { key: 'includes_ieps', type: 'availability', aliases: ['iepstrasladado', 'incluiriepstrasladado'] },
    { key: 'complement', type: 'text', aliases: ['complemento', 'complementoquedebeincluir'] },
    ...VALIDITY,
    { key: 'border_stimulus', type: 'text', aliases: ['estimulofranjafronteriza'] },
    { key: 'similar_words', type: 'text', aliases: ['similares', 'palabrassimilares'] },
  ],
  searchData: ['similar_words'],
};

const CLAVE_UNIDAD: CatalogDefinition = {
  slug: 'clave_unidad',
  satName: 'c_ClaveUnidad',
  name: 'Units of measure (clave de unidad)',
  builtin: false,
  codePattern: /^[A-Za-z0-9]{1,3}$/,
  fields: [
    codeField('c_ClaveUnidad'),
    { ...DESCRIPTION, aliases: ['texto', 'nombre'] },
    { key: 'details', type: 'text', aliases: ['descripcion'] },
    { key: 'notes', type: 'text', aliases: ['notas', 'nota'] },
    ...VALIDITY,
    { key: 'symbol', type: 'text', aliases: ['simbolo'] },
  ],
};

const ESTADO: CatalogDefinition = {
  slug: 'estado',
  satName: 'c_Estado',
  name: 'States of Mexico, the USA and Canada (estado)',
  builtin: false,
  codePattern: /^[A-Z]{2,3}$/,
  fields: [
    { ...codeField('c_Estado'), aliases: ['cestado', 'estado', 'code', 'id'] },
    { key: 'country', type: 'text', required: true, aliases: ['cpais', 'pais', 'country'] },
    { ...DESCRIPTION, aliases: ['texto', 'nombredelestado', 'nombre', 'descripcion'] },
    ...VALIDITY,
  ],
  toEntry: (code, fields) => defaultEntry(ESTADO, code, fields),
};

export const LARGE_DEFINITIONS: readonly CatalogDefinition[] = [CLAVE_PROD_SERV, CLAVE_UNIDAD, CODIGO_POSTAL, ESTADO];
