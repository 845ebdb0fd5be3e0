import { codeField, DESCRIPTION, VALIDITY, type CatalogDefinition, type Fields } from './catalog-definition.ts';
import type { FieldSpec } from './fields.ts';
import type { CatalogSlug } from './lookup.ts';
import { headerKey } from './normalize.ts';

/**
 * The catalogs of CFDI 4.0 that only some invoices name (places, customs) and those of the
 * complementos Pagos 2.0, Nómina 1.2, Comercio Exterior 2.0 and Carta Porte 3.1. They are shipped
 * with the service (sat-catalogs/), served by the API and searched in the database; none is held
 * in memory. Their other columns keep the SAT sheet's names in snake case (`razon_social`).
 */

/** Any key without surrounding spaces (the complementos' keys have many formats). */
const ANY_KEY = /^\S(?:.{0,38}\S)?$/;

function sheet(slug: CatalogSlug, satName: string, name: string, extras: readonly string[], hasText = true): CatalogDefinition {
  const columns: FieldSpec[] = extras.map((key) => ({ key, type: 'text', aliases: [headerKey(key)] }));
  return {
    slug,
    satName,
    name,
    builtin: false,
    codePattern: ANY_KEY,
    fields: [codeField(satName), ...(hasText ? [DESCRIPTION] : []), ...columns, ...VALIDITY],
  };
}

function text(fields: Fields, key: string): string {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
}

/** A key of the SAT's that is unique within a state (c_Municipio, c_Localidad): `JAL-039`. */
function withinState(slug: CatalogSlug, satName: string, name: string, key: string, width: number): CatalogDefinition {
  const own = satName.toLowerCase().replace(/[^a-z]/g, '');
  return {
    slug,
    satName,
    name,
    builtin: false,
    codePattern: new RegExp(`^[A-Z]{2,3}-\\d{${width}}$`),
    fields: [
      { key: 'state', type: 'text', required: true, aliases: ['cestado', 'estado'] },
      { key, type: 'code', width, required: true, aliases: [own, key === 'municipality' ? 'municipio' : 'localidad'] },
      { ...DESCRIPTION, aliases: ['descripcion', 'texto', 'nombre'] },
      ...VALIDITY,
    ],
    codeOf: (fields) => `${text(fields, 'state')}-${text(fields, key)}`,
  };
}

const COLONIA: CatalogDefinition = {
  slug: 'colonia',
  satName: 'c_Colonia',
  name: 'Neighbourhoods (colonia), by postal code',
  builtin: false,
  codePattern: /^\d{5}-\d{4}$/,
  fields: [
    { key: 'postal_code', type: 'code', width: 5, required: true, aliases: ['ccodigopostal', 'codigopostal'] },
    { key: 'colonia', type: 'code', width: 4, required: true, aliases: ['ccolonia', 'colonia'] },
    { ...DESCRIPTION, aliases: ['nombredelasentamiento', 'asentamiento', 'texto'] },
  ],
  codeOf: (fields) => `${text(fields, 'postal_code')}-${text(fields, 'colonia')}`,
  toEntry: (code, fields) => ({
    code,
    description: text(fields, 'description'),
    valid_from: null,
    valid_to: null,
    data: { postal_code: text(fields, 'postal_code'), colonia: text(fields, 'colonia') },
  }),
};

/**
 * c_NumPedimentoAduana: which pedimento numbers a customs office and broker licence may use in a
 * year. The SAT's table has no key of its own; a row's key is `aduana-patente-ejercicio`
 * (`07-3420-2024`) and `cantidad` is the highest consecutive number of that year.
 */
const NUM_PEDIMENTO_ADUANA: CatalogDefinition = {
  slug: 'num_pedimento_aduana',
  satName: 'c_NumPedimentoAduana',
  name: 'Customs declaration numbers by office, broker and year (pedimento)',
  builtin: false,
  codePattern: /^\d{2}-\d{4}-\d{4}$/,
  fields: [
    { key: 'aduana', type: 'code', width: 2, required: true, aliases: ['caduana', 'aduana'] },
    { key: 'patente', type: 'code', width: 4, required: true, aliases: ['patente', 'patenteaduanal', 'cpatenteaduanal'] },
    { key: 'ejercicio', type: 'code', width: 4, required: true, aliases: ['ejercicio'] },
    { key: 'cantidad', type: 'integer', required: true, aliases: ['cantidad'] },
    ...VALIDITY,
  ],
  codeOf: (fields) => `${text(fields, 'aduana')}-${text(fields, 'patente')}-${text(fields, 'ejercicio')}`,
};

/**
 * c_MaterialPeligroso: one entry per UN number. The SAT lists a few numbers more than once (one
 * row per concentration or class); their entry joins the descriptions with ` | ` and lists every
 * class and secondary hazard (docs/decisions.md, "Repeated keys of c_MaterialPeligroso").
 */
const MATERIAL_PELIGROSO: CatalogDefinition = {
  slug: 'material_peligroso',
  satName: 'c_MaterialPeligroso',
  name: 'Hazardous materials by UN number (Carta Porte 3.1)',
  builtin: false,
  codePattern: /^\d{4}$/,
  fields: [
    codeField('c_MaterialPeligroso', 4),
    DESCRIPTION,
    { key: 'clase_o_div', type: 'list', aliases: ['claseodiv', 'clasediv', 'claseodivision'] },
    { key: 'peligro_secundario', type: 'list', aliases: ['peligrosecundario'] },
    { key: 'nombre_tecnico', type: 'text', aliases: ['nombretecnico'] },
    ...VALIDITY,
  ],
};

/** c_ClaveProdServCP: the product keys Carta Porte accepts in Mercancia/@BienesTransp. */
const CLAVE_PROD_SERV_CP: CatalogDefinition = {
  slug: 'clave_prod_serv_cp',
  satName: 'c_ClaveProdServCP',
  name: 'Goods transported (Carta Porte 3.1)',
  builtin: false,
  codePattern: /^\d{8}$/,
  fields: [
    codeField('c_ClaveProdServCP', 8),
    DESCRIPTION,
    { key: 'similares', type: 'text', aliases: ['similares', 'palabrassimilares'] },
    { key: 'material_peligroso', type: 'text', aliases: ['materialpeligroso'] },
    ...VALIDITY,
  ],
  searchData: ['similares'],
};

export const PLACE_AND_COMPLEMENT_DEFINITIONS: readonly CatalogDefinition[] = [
  withinState('municipio', 'c_Municipio', 'Municipalities (municipio), by state', 'municipality', 3),
  withinState('localidad', 'c_Localidad', 'Localities (localidad), by state', 'locality', 2),
  COLONIA,
  sheet('aduana', 'c_Aduana', 'Customs offices (aduana)', []),
  sheet('patente_aduanal', 'c_PatenteAduanal', 'Customs broker licences (patente aduanal)', [], false),
  sheet('tipo_cadena_pago', 'c_TipoCadenaPago', 'Payment chain types (Pagos 2.0)', []),
  sheet('banco', 'c_Banco', 'Banks (Nómina 1.2)', ['razon_social']),
  sheet('origen_recurso', 'c_OrigenRecurso', 'Origin of the resources (Nómina 1.2)', []),
  sheet('periodicidad_pago', 'c_PeriodicidadPago', 'Pay periods (Nómina 1.2)', []),
  sheet('riesgo_puesto', 'c_RiesgoPuesto', 'Job risk classes (Nómina 1.2)', []),
  sheet('tipo_contrato', 'c_TipoContrato', 'Contract types (Nómina 1.2)', []),
  sheet('tipo_deduccion', 'c_TipoDeduccion', 'Deduction types (Nómina 1.2)', []),
  sheet('tipo_horas', 'c_TipoHoras', 'Overtime types (Nómina 1.2)', []),
  sheet('tipo_incapacidad', 'c_TipoIncapacidad', 'Disability types (Nómina 1.2)', []),
  sheet('tipo_jornada', 'c_TipoJornada', 'Working-day types (Nómina 1.2)', []),
  sheet('tipo_nomina', 'c_TipoNomina', 'Payroll types (Nómina 1.2)', []),
  sheet('tipo_otro_pago', 'c_TipoOtroPago', 'Other payment types (Nómina 1.2)', []),
  sheet('tipo_percepcion', 'c_TipoPercepcion', 'Perception types (Nómina 1.2)', []),
  sheet('tipo_regimen', 'c_TipoRegimen', 'Employment régimen types (Nómina 1.2)', []),
  sheet('clave_pedimento', 'c_ClavePedimento', 'Customs declaration keys (Comercio Exterior 2.0)', []),
  sheet('fraccion_arancelaria', 'c_FraccionArancelaria', 'Tariff fractions (Comercio Exterior 2.0)', ['unidad']),
  sheet('incoterm', 'c_INCOTERM', 'INCOTERMS (Comercio Exterior 2.0)', []),
  sheet('motivo_traslado', 'c_MotivoTraslado', 'Transfer reasons (Comercio Exterior 2.0)', []),
  sheet('tipo_operacion', 'c_TipoOperacion', 'Operation types (Comercio Exterior 2.0)', []),
  sheet('unidad_aduana', 'c_UnidadAduana', 'Customs units (Comercio Exterior 2.0)', []),
  sheet('num_autorizacion_naviero', 'c_NumAutorizacionNaviero', 'Shipping authorization numbers (Carta Porte 3.1)', [], false),
  sheet('clave_unidad_peso', 'c_ClaveUnidadPeso', 'Weight units (Carta Porte 3.1)', ['descripcion', 'nota', 'simbolo', 'bandera']),
  sheet('codigo_transporte_aereo', 'c_CodigoTransporteAereo', 'Air transport codes (Carta Porte 3.1)', ['nacionalidad', 'designador_oaci']),
  sheet('condiciones_especiales', 'c_CondicionesEspeciales', 'Special conditions (Carta Porte 3.1)', []),
  sheet('config_autotransporte', 'c_ConfigAutotransporte', 'Truck configurations (Carta Porte 3.1)', ['numero_de_ejes', 'numero_de_llantas', 'remolque']),
  sheet('config_maritima', 'c_ConfigMaritima', 'Vessel configurations (Carta Porte 3.1)', []),
  sheet('contenedor', 'c_Contenedor', 'Rail containers (Carta Porte 3.1)', ['descripcion']),
  sheet('contenedor_maritimo', 'c_ContenedorMaritimo', 'Sea containers (Carta Porte 3.1)', []),
  sheet('derechos_de_paso', 'c_DerechosDePaso', 'Rail rights of way (Carta Porte 3.1)', ['entre', 'hasta', 'otorga_recibe', 'concesionario']),
  sheet('documento_aduanero', 'c_DocumentoAduanero', 'Customs documents (Carta Porte 3.1)', []),
  sheet('estaciones', 'c_Estaciones', 'Stations, ports and airports (Carta Porte 3.1)', [
    'clave_transporte',
    'nacionalidad',
    'designador_iata',
    'linea_ferrea',
  ]),
  sheet('figura_transporte', 'c_FiguraTransporte', 'Transport figures (Carta Porte 3.1)', []),
  sheet('forma_farmaceutica', 'c_FormaFarmaceutica', 'Pharmaceutical forms (Carta Porte 3.1)', []),
  sheet('parte_transporte', 'c_ParteTransporte', 'Transport parts (Carta Porte 3.1)', []),
  sheet('regimen_aduanero', 'c_RegimenAduanero', 'Customs régimes (Carta Porte 3.1)', ['impoexpo']),
  sheet('registro_istmo', 'c_RegistroISTMO', 'ISTMO registrations (Carta Porte 3.1)', []),
  sheet('sector_cofepris', 'c_SectorCOFEPRIS', 'COFEPRIS sectors (Carta Porte 3.1)', []),
  sheet('tipo_carga', 'c_TipoCarga', 'Cargo types (Carta Porte 3.1)', []),
  sheet('tipo_carro', 'c_TipoCarro', 'Rail car types (Carta Porte 3.1)', ['contenedor']),
  sheet('tipo_embalaje', 'c_TipoEmbalaje', 'Packaging types (Carta Porte 3.1)', []),
  sheet('tipo_estacion', 'c_TipoEstacion', 'Station types (Carta Porte 3.1)', ['claves_transportes']),
  sheet('tipo_materia', 'c_TipoMateria', 'Material types (Carta Porte 3.1)', []),
  sheet('tipo_permiso', 'c_TipoPermiso', 'SCT permit types (Carta Porte 3.1)', ['clave_transporte']),
  sheet('sub_tipo_rem', 'c_SubTipoRem', 'Trailer types (Carta Porte 3.1)', []),
  sheet('tipo_de_servicio', 'c_TipoDeServicio', 'Rail service types (Carta Porte 3.1)', ['contenedor']),
  sheet('tipo_de_trafico', 'c_TipoDeTrafico', 'Rail traffic types (Carta Porte 3.1)', []),
  sheet('cve_transporte', 'c_CveTransporte', 'Means of transport (Carta Porte 3.1)', []),
  NUM_PEDIMENTO_ADUANA,
  MATERIAL_PELIGROSO,
  CLAVE_PROD_SERV_CP,
];
