/**
 * Values of the `Complemento` filter of SolicitaDescarga (SAT WS v1.5 catalog, CFDI and
 * retenciones) and, for the complements the simulator can recognise in a stamped XML, their
 * namespace. A CFDI matches the filter when its XML declares that namespace.
 */

export const COMPLEMENTO_CODES: ReadonlySet<string> = new Set([
  'acreditamientoieps10',
  'aerolineas',
  'cartaporte10',
  'cartaporte20',
  'cartaporte30',
  'cartaporte31',
  'certificadodedestruccion',
  'cfdiregistrofiscal',
  'comercioexterior10',
  'comercioexterior11',
  'comercioexterior20',
  'comprobante',
  'consumodecombustibles',
  'consumodecombustibles11',
  'detallista',
  'divisas',
  'donat11',
  'ecc11',
  'ecc12',
  'gastoshidrocarburos10',
  'iedu',
  'implocal',
  'ine11',
  'ingresoshidrocarburos',
  'leyendasfisc',
  'nomina11',
  'nomina12',
  'notariospublicos',
  'obrasarteantiguedades',
  'pagoenespecie',
  'pagos10',
  'pagos20',
  'pfic',
  'renovacionysustitucionvehiculos',
  'servicioparcialconstruccion',
  'spei',
  'terceros11',
  'turistapasajeroextranjero',
  'valesdedespensa',
  'vehiculousado',
  'ventavehiculos11',
  'arrendamientoenfideicomiso',
  'dividendos',
  'enajenaciondeacciones',
  'fideicomisonoempresarial',
  'intereses',
  'intereseshipotecarios',
]);

const NAMESPACES: Readonly<Record<string, string>> = {
  pagos10: 'http://www.sat.gob.mx/Pagos',
  pagos20: 'http://www.sat.gob.mx/Pagos20',
  nomina12: 'http://www.sat.gob.mx/nomina12',
  leyendasfisc: 'http://www.sat.gob.mx/leyendasFiscales',
  implocal: 'http://www.sat.gob.mx/implocal',
  iedu: 'http://www.sat.gob.mx/iedu',
  cartaporte20: 'http://www.sat.gob.mx/CartaPorte20',
  cartaporte30: 'http://www.sat.gob.mx/CartaPorte30',
  cartaporte31: 'http://www.sat.gob.mx/CartaPorte31',
  comercioexterior11: 'http://www.sat.gob.mx/ComercioExterior11',
  comercioexterior20: 'http://www.sat.gob.mx/ComercioExterior20',
  divisas: 'http://www.sat.gob.mx/divisas',
  donat11: 'http://www.sat.gob.mx/donat',
  ine11: 'http://www.sat.gob.mx/ine',
  terceros11: 'http://www.sat.gob.mx/terceros',
};

/** Whether a stamped XML carries the complement; "comprobante" (the plain CFDI) matches any. */
export function hasComplemento(xml: string, code: string): boolean {
  if (code === 'comprobante') return true;
  const namespace = NAMESPACES[code];
  return namespace !== undefined && xml.includes(`"${namespace}"`);
}
