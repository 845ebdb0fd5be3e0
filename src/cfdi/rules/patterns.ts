/**
 * Value patterns of the CFDI 4.0 schemas (tdCFDI.xsd, cfdv40.xsd, Pagos20.xsd,
 * TimbreFiscalDigitalv11.xsd) and XPath-like paths for reporting.
 */

/** tdCFDI t_RFC: 3 (moral) or 4 (física) letters including & and Ñ, a yymmdd date, 3 homoclave characters. */
export const RFC_PATTERN = /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

/** tdCFDI t_FechaH: local date and time without zone, years 2010–2099. */
export const FECHA_PATTERN = /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;

export const POSTAL_CODE_PATTERN = /^[0-9]{5}$/;
export const UUID_PATTERN = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
/** Pagos20 IdDocumento: a UUID, or the SAT's 3-2-9 digit folio of older documents. */
export const ID_DOCUMENTO_PATTERN = /^([a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}|[0-9]{3}-[0-9]{2}-[0-9]{9})$/;
export const NO_CERTIFICADO_PATTERN = /^[0-9]{20}$/;
/** Cantidad: xs:decimal with six fraction digits (no sign, no exponent). */
export const CANTIDAD_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
/** TipoCambio / TipoCambioP: t_TipoCambio-like decimal with up to six decimals. */
export const TIPO_CAMBIO_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
/** EquivalenciaDR: decimal with up to ten decimals. */
export const EQUIVALENCIA_PATTERN = /^[0-9]{1,18}(\.[0-9]{1,10})?$/;
/** TasaOCuota as listed in c_TasaOCuota: six decimals. */
export const TASA_PATTERN = /^[0-9]+\.[0-9]{6}$/;

/** Catalog key formats, checked when the catalog is not loaded. */
export const CATALOG_KEY_PATTERNS = {
  c_Moneda: /^[A-Z]{3}$/,
  c_FormaPago: /^[0-9]{2}$/,
  c_MetodoPago: /^(PUE|PPD)$/,
  c_UsoCFDI: /^[A-Z]{1,2}[0-9]{2}$/,
  c_RegimenFiscal: /^[0-9]{3}$/,
  c_ClaveProdServ: /^[0-9]{8}$/,
  c_ClaveUnidad: /^[A-Z0-9]{1,3}$/,
  c_CodigoPostal: /^[0-9]{5}$/,
  c_Exportacion: /^0[1-4]$/,
  c_TipoRelacion: /^[0-9]{2}$/,
  c_ObjetoImp: /^0[1-8]$/,
  c_Impuesto: /^00[1-3]$/,
  c_TipoFactor: /^(Tasa|Cuota|Exento)$/,
  c_TasaOCuota: /^[0-9]+\.[0-9]{6}$/,
  c_TipoDeComprobante: /^[IETNP]$/,
  c_Pais: /^[A-Z]{3}$/,
  c_Periodicidad: /^0[1-5]$/,
  c_Meses: /^(0[1-9]|1[0-8])$/,
  /** The key of a row: aduana, patente and ejercicio (`07-3420-2024`). */
  c_NumPedimentoAduana: /^[0-9]{2}-[0-9]{4}-[0-9]{4}$/,
  c_ClaveProdServCP: /^[0-9]{8}$/,
} as const;

/**
 * cfdv40.xsd InformacionAduanera/@NumeroPedimento: the year's last two digits, the aduana, the
 * patente and seven digits (the year's last digit and a six-digit consecutive), two spaces apart.
 */
export const NUMERO_PEDIMENTO_PATTERN = /^([0-9]{2}) {2}([0-9]{2}) {2}([0-9]{4}) {2}[0-9]([0-9]{6})$/;

/** Whether a t_FechaH string names a real calendar date (no 30 February). */
export function isRealFecha(fecha: string): boolean {
  if (!FECHA_PATTERN.test(fecha)) return false;
  const instant = new Date(`${fecha}Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 19) === fecha;
}

export const ROOT_PATH = '/cfdi:Comprobante';

/** `${base}/@${name}` */
export function attributePath(base: string, name: string): string {
  return `${base}/@${name}`;
}

export function conceptoPath(index: number): string {
  return `${ROOT_PATH}/cfdi:Conceptos/cfdi:Concepto[${index + 1}]`;
}

export function conceptoTaxPath(conceptoIndex: number, kind: 'traslado' | 'retencion', index: number): string {
  const node = kind === 'traslado' ? 'cfdi:Traslados/cfdi:Traslado' : 'cfdi:Retenciones/cfdi:Retencion';
  return `${conceptoPath(conceptoIndex)}/cfdi:Impuestos/${node}[${index + 1}]`;
}

export const IMPUESTOS_PATH = `${ROOT_PATH}/cfdi:Impuestos`;
export const PAGOS_PATH = `${ROOT_PATH}/cfdi:Complemento/pago20:Pagos`;
export const TFD_PATH = `${ROOT_PATH}/cfdi:Complemento/tfd:TimbreFiscalDigital`;

export function pagoPath(index: number): string {
  return `${PAGOS_PATH}/pago20:Pago[${index + 1}]`;
}

export function doctoPath(pagoIndex: number, index: number): string {
  return `${pagoPath(pagoIndex)}/pago20:DoctoRelacionado[${index + 1}]`;
}

/** The RFCs the SAT reserves for the general public (XAXX) and for foreign receptors (XEXX). */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

/** 'moral' for a 12-character RFC, 'fisica' for 13, undefined for anything that is not an RFC. */
export function personaOf(rfc: string): 'moral' | 'fisica' | undefined {
  if (!RFC_PATTERN.test(rfc)) return undefined;
  if (rfc.length === 12) return 'moral';
  if (rfc.length === 13) return 'fisica';
  return undefined;
}
