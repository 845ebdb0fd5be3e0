/**
 * The pure, synchronous view of the SAT catalogs by API slug, with API-shaped entries, search and
 * the cross-catalog rules. It is built from the database by `createCatalogStore` and never
 * touches the database, the clock or the filesystem itself. (The CFDI engine receives the same
 * catalogs through its own interface, src/cfdi/rules/catalog-lookup.ts; see cfdi-lookup.ts.)
 */

/** Readable slugs of the catalogs the service knows, in the order GET /v1/catalogs lists them. */
export const CATALOG_SLUGS = [
  'uso_cfdi',
  'regimen_fiscal',
  'forma_pago',
  'metodo_pago',
  'moneda',
  'impuesto',
  'tipo_factor',
  'tasa_o_cuota',
  'objeto_imp',
  'exportacion',
  'tipo_comprobante',
  'tipo_relacion',
  'periodicidad',
  'meses',
  'pais',
  'motivo_cancelacion',
  'clave_prod_serv',
  'clave_unidad',
  'codigo_postal',
  'estado',
  'municipio',
  'localidad',
  'colonia',
  'aduana',
  'patente_aduanal',
  'tipo_cadena_pago',
  'banco',
  'origen_recurso',
  'periodicidad_pago',
  'riesgo_puesto',
  'tipo_contrato',
  'tipo_deduccion',
  'tipo_horas',
  'tipo_incapacidad',
  'tipo_jornada',
  'tipo_nomina',
  'tipo_otro_pago',
  'tipo_percepcion',
  'tipo_regimen',
  'clave_pedimento',
  'fraccion_arancelaria',
  'incoterm',
  'motivo_traslado',
  'tipo_operacion',
  'unidad_aduana',
  'num_autorizacion_naviero',
  'clave_unidad_peso',
  'codigo_transporte_aereo',
  'condiciones_especiales',
  'config_autotransporte',
  'config_maritima',
  'contenedor',
  'contenedor_maritimo',
  'derechos_de_paso',
  'documento_aduanero',
  'estaciones',
  'figura_transporte',
  'forma_farmaceutica',
  'parte_transporte',
  'regimen_aduanero',
  'registro_istmo',
  'sector_cofepris',
  'tipo_carga',
  'tipo_carro',
  'tipo_embalaje',
  'tipo_estacion',
  'tipo_materia',
  'tipo_permiso',
  'sub_tipo_rem',
  'tipo_de_servicio',
  'tipo_de_trafico',
  'cve_transporte',
  'num_pedimento_aduana',
  'material_peligroso',
  'clave_prod_serv_cp',
] as const;
export type CatalogSlug = (typeof CATALOG_SLUGS)[number];

export function isCatalogSlug(value: string): value is CatalogSlug {
  return (CATALOG_SLUGS as readonly string[]).includes(value);
}

/** A value of one of a row's catalog-specific attributes. */
export type CatalogValue = string | number | boolean | null | readonly string[];

/** One row of a catalog: its key, its SAT description, its validity and its other columns. */
export interface CatalogEntry {
  code: string;
  description: string;
  /** First day the key may be used (`YYYY-MM-DD`), or null when the SAT gives none. */
  valid_from: string | null;
  /** Last day the key may be used (`YYYY-MM-DD`), or null while it has no end. */
  valid_to: string | null;
  data: Readonly<Record<string, CatalogValue>>;
}

/** Persona física (`natural`) or persona moral (`legal`). */
export type PersonType = 'natural' | 'legal';

/**
 * The outcome of checking a code. `unverified` means the catalog has not been imported on this
 * server, so only the code's format could be checked: the caller accepts the code and reports
 * `warning` (it must neither reject every invoice nor accept garbage silently).
 */
export type CodeCheck =
  | { status: 'found'; entry: CatalogEntry }
  | { status: 'not_in_force'; entry: CatalogEntry; message: string }
  | { status: 'not_found'; message: string }
  | { status: 'malformed'; message: string }
  | { status: 'unverified'; warning: string };

export interface TasaOCuotaQuery {
  /** c_Impuesto code: `001` ISR, `002` IVA, `003` IEPS. */
  tax: string;
  /** c_TipoFactor: `Tasa` or `Cuota` (`Exento` carries no rate). */
  factor: string;
  /** Whether the tax is transferred (traslado) or withheld (retención). */
  kind: 'traslado' | 'retencion';
  /** The rate as written in the CFDI, e.g. `0.160000`. */
  value: string;
}

/** The catalogs by slug: what the API, the invoice builder and the cross-catalog rules use. */
export interface CatalogIndex {
  /**
   * Whether the catalog has rows in memory (built-in ones always do). Only the catalogs the CFDI
   * rules read are held in memory; the places, customs and complementos' catalogs are not. Of the
   * large ones (c_ClaveProdServ, c_CodigoPostal, c_NumPedimentoAduana, c_ClaveProdServCP) memory
   * holds each key's validity and only the columns read synchronously, so their entries here carry
   * only those (catalog-store.ts); the API reads whole rows from the database.
   */
  isLoaded(catalog: CatalogSlug): boolean;
  /** Whether `code` is a key of the catalog; false when the catalog is not loaded. */
  has(catalog: CatalogSlug, code: string): boolean;
  get(catalog: CatalogSlug, code: string): CatalogEntry | undefined;
  /** Every row of the catalog in code order (empty when not loaded). */
  entries(catalog: CatalogSlug): readonly CatalogEntry[];
  /**
   * Accent- and case-insensitive search in code order: every term starts the code or a word of
   * the description (the API's search, which ranks, runs in the database).
   */
  search(catalog: CatalogSlug, query: string, limit?: number): CatalogEntry[];
  /** Existence, validity on `date` (`YYYY-MM-DD`, optional) and, for unloaded catalogs, format. */
  check(catalog: CatalogSlug, code: string, date?: string): CodeCheck;
  /** c_UsoCFDI: whether the use is allowed for a receptor in this régimen fiscal. */
  usoAllowedForRegimen(uso: string, regimen: string): boolean;
  /** c_UsoCFDI: whether the use applies to a persona física or moral. */
  usoAllowedForPersona(uso: string, person: PersonType): boolean;
  /** c_RegimenFiscal: whether the régimen applies to a persona física or moral. */
  regimenAllowedForPersona(regimen: string, person: PersonType): boolean;
  /** c_CodigoPostal: the IANA time zone of a postal code; undefined when unknown or not imported. */
  postalCodeTimeZone(postalCode: string): string | undefined;
  /** c_Moneda: the number of decimals of a currency; undefined when the currency is unknown. */
  currencyDecimals(currency: string): number | undefined;
  /** c_TasaOCuota: whether a rate is allowed for the tax, factor and kind (fixed values or ranges). */
  tasaOCuotaAllowed(query: TasaOCuotaQuery): boolean;
}

/**
 * Anexo 20: an RFC of 13 characters belongs to a persona física and one of 12 to a persona moral
 * (the generic RFCs XAXX010101000 and XEXX010101000 have 13). Undefined for any other length.
 */
export function personTypeOfRfc(rfc: string): PersonType | undefined {
  const length = [...rfc.trim()].length;
  if (length === 13) return 'natural';
  if (length === 12) return 'legal';
  return undefined;
}
