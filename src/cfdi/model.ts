/**
 * Typed CFDI 4.0 model (Anexo 20, cfdv40.xsd) with the SAT's own attribute names.
 *
 * Conventions:
 * - Every amount, rate and quantity is a decimal STRING exactly as written in the XML.
 * - An optional attribute is `undefined` when absent. An empty string means the attribute is
 *   present but empty (the SAT XSLT still emits a `|` for it, so the difference matters).
 * - Repeated child nodes are optional arrays, undefined when the nodes are absent. The parser
 *   gives an empty array only for an empty wrapper element that is present (e.g.
 *   `<cfdi:Traslados/>`, invalid per the XSD), and the writer writes such a wrapper back.
 * - Complements other than Pagos 2.0 and TimbreFiscalDigital 1.1 are carried as raw XML
 *   elements (`ElementoXml`) so they survive parse → write unchanged.
 */
import type { XmlElement } from './xml/tree.ts';

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const CFDI_SCHEMA_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd';
export const PAGOS20_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
export const PAGOS20_SCHEMA_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const TFD_SCHEMA_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** c_TipoDeComprobante keys (the model keeps any string so that foreign input can be parsed). */
type TipoDeComprobante = 'I' | 'E' | 'T' | 'N' | 'P';

/** A foreign element kept verbatim, with its xsi:schemaLocation pair from the root, if any. */
export interface ElementoXml {
  Xml: XmlElement;
  /** "namespace location" as listed in the root's xsi:schemaLocation for Xml's namespace. */
  SchemaLocation?: string;
}

export interface Comprobante {
  Version: '4.0';
  Serie?: string;
  Folio?: string;
  Fecha: string;
  Sello?: string;
  FormaPago?: string;
  NoCertificado?: string;
  Certificado?: string;
  CondicionesDePago?: string;
  SubTotal: string;
  Descuento?: string;
  Moneda: string;
  TipoCambio?: string;
  Total: string;
  TipoDeComprobante: TipoDeComprobante | string;
  Exportacion: string;
  MetodoPago?: string;
  LugarExpedicion: string;
  Confirmacion?: string;
  InformacionGlobal?: InformacionGlobal;
  CfdiRelacionados?: CfdiRelacionados[];
  Emisor: Emisor;
  Receptor: Receptor;
  Conceptos: Concepto[];
  Impuestos?: Impuestos;
  /** Children of cfdi:Complemento in document order (the cadena follows that order). */
  Complemento?: Complemento[];
  /** Children of cfdi:Addenda, verbatim (never part of the cadena original). */
  Addenda?: ElementoXml[];
}

interface InformacionGlobal {
  Periodicidad: string;
  Meses: string;
  Año: string;
}

/** One cfdi:CfdiRelacionados node: its TipoRelacion and the UUID of each cfdi:CfdiRelacionado. */
export interface CfdiRelacionados {
  TipoRelacion: string;
  UUIDs: string[];
}

export interface Emisor {
  Rfc: string;
  Nombre: string;
  RegimenFiscal: string;
  FacAtrAdquirente?: string;
}

export interface Receptor {
  Rfc: string;
  Nombre: string;
  DomicilioFiscalReceptor: string;
  ResidenciaFiscal?: string;
  NumRegIdTrib?: string;
  RegimenFiscalReceptor: string;
  UsoCFDI: string;
}

export interface Concepto {
  ClaveProdServ: string;
  NoIdentificacion?: string;
  Cantidad: string;
  ClaveUnidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario: string;
  Importe: string;
  Descuento?: string;
  ObjetoImp: string;
  Impuestos?: ConceptoImpuestos;
  ACuentaTerceros?: ACuentaTerceros;
  InformacionAduanera?: InformacionAduanera[];
  CuentaPredial?: CuentaPredial[];
  /** Children of cfdi:ComplementoConcepto (iedu, terceros, ...), verbatim. */
  ComplementoConcepto?: ElementoXml[];
  Parte?: Parte[];
}

/** A transferred tax; the same shape serves Concepto and Comprobante level. */
export interface Traslado {
  Base: string;
  Impuesto: string;
  TipoFactor: string;
  TasaOCuota?: string;
  Importe?: string;
}

/** A withheld tax at Concepto level (every attribute is required there). */
export interface Retencion {
  Base: string;
  Impuesto: string;
  TipoFactor: string;
  TasaOCuota: string;
  Importe: string;
}

export interface ConceptoImpuestos {
  Traslados?: Traslado[];
  Retenciones?: Retencion[];
}

interface ACuentaTerceros {
  RfcACuentaTerceros: string;
  NombreACuentaTerceros: string;
  RegimenFiscalACuentaTerceros: string;
  DomicilioFiscalACuentaTerceros: string;
}

interface InformacionAduanera {
  NumeroPedimento: string;
}

interface CuentaPredial {
  Numero: string;
}

export interface Parte {
  ClaveProdServ: string;
  NoIdentificacion?: string;
  Cantidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario?: string;
  Importe?: string;
  InformacionAduanera?: InformacionAduanera[];
}

/** A withheld tax at Comprobante level: only Impuesto and Importe. */
export interface RetencionGlobal {
  Impuesto: string;
  Importe: string;
}

export interface Impuestos {
  TotalImpuestosRetenidos?: string;
  TotalImpuestosTrasladados?: string;
  Retenciones?: RetencionGlobal[];
  Traslados?: Traslado[];
}

/** One child of cfdi:Complemento. Narrow with `'Pagos' in item`, etc. */
export type Complemento = { Pagos: Pagos } | { TimbreFiscalDigital: TimbreFiscalDigital } | { Otro: ElementoXml };

export interface TimbreFiscalDigital {
  Version: '1.1';
  UUID: string;
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  SelloCFD: string;
  NoCertificadoSAT: string;
  SelloSAT: string;
}

/** Complemento para recepción de pagos 2.0 (Pagos20.xsd). */
export interface Pagos {
  Version: '2.0';
  Totales: PagosTotales;
  Pago: Pago[];
}

export interface PagosTotales {
  TotalRetencionesIVA?: string;
  TotalRetencionesISR?: string;
  TotalRetencionesIEPS?: string;
  TotalTrasladosBaseIVA16?: string;
  TotalTrasladosImpuestoIVA16?: string;
  TotalTrasladosBaseIVA8?: string;
  TotalTrasladosImpuestoIVA8?: string;
  TotalTrasladosBaseIVA0?: string;
  TotalTrasladosImpuestoIVA0?: string;
  TotalTrasladosBaseIVAExento?: string;
  MontoTotalPagos: string;
}

export interface Pago {
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  TipoCambioP?: string;
  Monto: string;
  NumOperacion?: string;
  RfcEmisorCtaOrd?: string;
  NomBancoOrdExt?: string;
  CtaOrdenante?: string;
  RfcEmisorCtaBen?: string;
  CtaBeneficiario?: string;
  TipoCadPago?: string;
  CertPago?: string;
  CadPago?: string;
  SelloPago?: string;
  DoctoRelacionado: DoctoRelacionado[];
  ImpuestosP?: ImpuestosP;
}

export interface DoctoRelacionado {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  EquivalenciaDR?: string;
  NumParcialidad: string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
  ObjetoImpDR: string;
  ImpuestosDR?: ImpuestosDR;
}

export interface ImpuestosDR {
  RetencionesDR?: RetencionDR[];
  TrasladosDR?: TrasladoDR[];
}

export interface RetencionDR {
  BaseDR: string;
  ImpuestoDR: string;
  TipoFactorDR: string;
  TasaOCuotaDR: string;
  ImporteDR: string;
}

export interface TrasladoDR {
  BaseDR: string;
  ImpuestoDR: string;
  TipoFactorDR: string;
  TasaOCuotaDR?: string;
  ImporteDR?: string;
}

export interface ImpuestosP {
  RetencionesP?: RetencionP[];
  TrasladosP?: TrasladoP[];
}

export interface RetencionP {
  ImpuestoP: string;
  ImporteP: string;
}

export interface TrasladoP {
  BaseP: string;
  ImpuestoP: string;
  TipoFactorP: string;
  TasaOCuotaP?: string;
  ImporteP?: string;
}

/** The TimbreFiscalDigital among the complements, if the CFDI is stamped. */
export function findTimbre(comprobante: Comprobante): TimbreFiscalDigital | undefined {
  for (const item of comprobante.Complemento ?? []) {
    if ('TimbreFiscalDigital' in item) return item.TimbreFiscalDigital;
  }
  return undefined;
}

/** The Pagos 2.0 complement, if present. */
export function findPagos(comprobante: Comprobante): Pagos | undefined {
  for (const item of comprobante.Complemento ?? []) {
    if ('Pagos' in item) return item.Pagos;
  }
  return undefined;
}
