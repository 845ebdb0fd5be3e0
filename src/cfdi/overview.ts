/**
 * What a stored CFDI shows without being checked: its index fields (who, when, how much, the
 * UUID), its content as plain data and the third parties it was issued on behalf of. Read from
 * the element tree by local names, so CFDI 3.3 and 4.0, Pagos 1.0 and 2.0 read alike: a store of
 * a taxpayer's history holds both versions, and checking is the validations' business
 * (check.ts), not the store's. Older stamped versions (3.2, 3.0 and 3.1, written with other
 * attribute names) give their index fields by their own names and no content.
 */
import { CfdiError } from './errors.ts';
import { parseXml } from './xml/parse.ts';
import { attributeValue, childElements, type XmlElement } from './xml/tree.ts';

export interface CfdiIndex {
  uuid: string;
  version: string | null;
  serie: string | null;
  folio: string | null;
  tipoDeComprobante: string | null;
  /** Fecha as written, `YYYY-MM-DDTHH:mm:ss`. */
  fecha: string | null;
  fechaTimbrado: string | null;
  emisorRfc: string | null;
  emisorNombre: string | null;
  receptorRfc: string | null;
  receptorNombre: string | null;
  moneda: string | null;
  subTotal: string | null;
  descuento: string | null;
  total: string | null;
  rfcPac: string | null;
}

function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element ? childElements(element).find((item) => item.local === local) : undefined;
}

function children(element: XmlElement | undefined, local: string): XmlElement[] {
  return element ? childElements(element).filter((item) => item.local === local) : [];
}

function attribute(element: XmlElement | undefined, name: string): string | null {
  return (element && attributeValue(element, name)) ?? null;
}

function documentElement(xml: Uint8Array | string): XmlElement {
  const root = parseXml(xml);
  if (root.local !== 'Comprobante') throw new CfdiError('cfdi.not_comprobante', `The document element is ${root.local}, not a CFDI Comprobante.`, '/');
  return root;
}

/** The complements, in document order: CFDI 3.3 allows several Complemento nodes, 4.0 one. */
function complementsOf(root: XmlElement): XmlElement[] {
  return children(root, 'Complemento').flatMap((complemento) => childElements(complemento));
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** The versions whose content the store reads (`details`); older ones give their index fields only. */
export const INDEXED_VERSIONS: readonly string[] = ['3.3', '4.0'];

/** CFDI 3.2 and before name the type with a word; the store compares the letter later versions write. */
const LEGACY_TYPE: Readonly<Record<string, string>> = { ingreso: 'I', egreso: 'E', traslado: 'T' };

function timbreOf(root: XmlElement): XmlElement | undefined {
  return complementsOf(root).find((item) => item.local === 'TimbreFiscalDigital');
}

function indexOf(root: XmlElement): CfdiIndex {
  const timbre = timbreOf(root);
  const uuid = attribute(timbre, 'UUID');
  if (!uuid) throw new CfdiError('cfdi.malformed_xml', 'The CFDI carries no TimbreFiscalDigital UUID.', '/cfdi:Comprobante/cfdi:Complemento');
  if (!UUID.test(uuid))
    throw new CfdiError(
      'cfdi.malformed_xml',
      `The TimbreFiscalDigital UUID '${uuid.slice(0, 40)}' is not a UUID.`,
      '/cfdi:Comprobante/cfdi:Complemento/tfd:TimbreFiscalDigital/@UUID',
    );
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  const fields = {
    uuid: uuid.toUpperCase(),
    fechaTimbrado: attribute(timbre, 'FechaTimbrado'),
    // TimbreFiscalDigital 1.0 (CFDI 3.2 and before) does not name the PAC.
    rfcPac: attribute(timbre, 'RfcProvCertif'),
  };
  const version = attribute(root, 'Version');
  if (version === null) {
    // CFDI 3.2 and before: lower-case names, except Moneda (added by 3.2 as written here).
    const legacyType = attribute(root, 'tipoDeComprobante');
    return {
      ...fields,
      version: attribute(root, 'version'),
      serie: attribute(root, 'serie'),
      folio: attribute(root, 'folio'),
      tipoDeComprobante: legacyType === null ? null : (LEGACY_TYPE[legacyType] ?? legacyType),
      fecha: attribute(root, 'fecha'),
      emisorRfc: attribute(emisor, 'rfc')?.toUpperCase() ?? null,
      emisorNombre: attribute(emisor, 'nombre'),
      receptorRfc: attribute(receptor, 'rfc')?.toUpperCase() ?? null,
      receptorNombre: attribute(receptor, 'nombre'),
      moneda: attribute(root, 'Moneda'),
      subTotal: attribute(root, 'subTotal'),
      descuento: attribute(root, 'descuento'),
      total: attribute(root, 'total'),
    };
  }
  return {
    ...fields,
    version,
    serie: attribute(root, 'Serie'),
    folio: attribute(root, 'Folio'),
    tipoDeComprobante: attribute(root, 'TipoDeComprobante'),
    fecha: attribute(root, 'Fecha'),
    emisorRfc: attribute(emisor, 'Rfc')?.toUpperCase() ?? null,
    emisorNombre: attribute(emisor, 'Nombre'),
    receptorRfc: attribute(receptor, 'Rfc')?.toUpperCase() ?? null,
    receptorNombre: attribute(receptor, 'Nombre'),
    moneda: attribute(root, 'Moneda'),
    subTotal: attribute(root, 'SubTotal'),
    descuento: attribute(root, 'Descuento'),
    total: attribute(root, 'Total'),
  };
}

/**
 * The index fields of a stamped CFDI, by the names of its version (3.2 and before write them in
 * lower case); throws CfdiError when it is no XML, no Comprobante or carries no TFD UUID.
 */
export function readCfdiIndex(xml: Uint8Array | string): CfdiIndex {
  return indexOf(documentElement(xml));
}

/** One tax line (Traslado or Retencion), of an item or of the whole CFDI; absent attributes are null. */
interface TaxLine {
  base: string | null;
  impuesto: string | null;
  tipo_factor: string | null;
  tasa_o_cuota: string | null;
  importe: string | null;
}

interface Taxes {
  traslados: TaxLine[];
  retenciones: TaxLine[];
}

interface ConceptoDetails {
  clave_prod_serv: string | null;
  no_identificacion: string | null;
  cantidad: string | null;
  clave_unidad: string | null;
  unidad: string | null;
  descripcion: string | null;
  valor_unitario: string | null;
  importe: string | null;
  descuento: string | null;
  objeto_imp: string | null;
  impuestos: Taxes;
}

interface DoctoRelacionadoDetails {
  id_documento: string | null;
  serie: string | null;
  folio: string | null;
  moneda_dr: string | null;
  equivalencia_dr: string | null;
  num_parcialidad: string | null;
  imp_saldo_ant: string | null;
  imp_pagado: string | null;
  imp_saldo_insoluto: string | null;
  objeto_imp_dr: string | null;
}

interface PagoDetails {
  fecha_pago: string | null;
  forma_de_pago_p: string | null;
  moneda_p: string | null;
  tipo_cambio_p: string | null;
  monto: string | null;
  documentos_relacionados: DoctoRelacionadoDetails[];
}

/** A CFDI's content beyond its index fields, as plain data with the SAT's names in snake_case. */
export interface CfdiDetails {
  emisor: { regimen_fiscal: string | null };
  receptor: { uso_cfdi: string | null; regimen_fiscal: string | null; domicilio_fiscal: string | null };
  metodo_pago: string | null;
  forma_pago: string | null;
  condiciones_de_pago: string | null;
  tipo_cambio: string | null;
  lugar_expedicion: string | null;
  exportacion: string | null;
  conceptos: ConceptoDetails[];
  impuestos: (Taxes & { total_impuestos_trasladados: string | null; total_impuestos_retenidos: string | null }) | null;
  cfdi_relacionados: { tipo_relacion: string | null; uuids: string[] }[];
  /** Type P: every Pago of its Pagos complement (2.0 or 1.0); null for other types. */
  pagos: PagoDetails[] | null;
  /** Local names of the complements present, in document order. */
  complementos: string[];
}

function taxLine(element: XmlElement): TaxLine {
  return {
    base: attribute(element, 'Base'),
    impuesto: attribute(element, 'Impuesto'),
    tipo_factor: attribute(element, 'TipoFactor'),
    tasa_o_cuota: attribute(element, 'TasaOCuota'),
    importe: attribute(element, 'Importe'),
  };
}

function taxes(element: XmlElement | undefined): Taxes {
  return {
    traslados: children(child(element, 'Traslados'), 'Traslado').map(taxLine),
    retenciones: children(child(element, 'Retenciones'), 'Retencion').map(taxLine),
  };
}

function concepto(element: XmlElement): ConceptoDetails {
  return {
    clave_prod_serv: attribute(element, 'ClaveProdServ'),
    no_identificacion: attribute(element, 'NoIdentificacion'),
    cantidad: attribute(element, 'Cantidad'),
    clave_unidad: attribute(element, 'ClaveUnidad'),
    unidad: attribute(element, 'Unidad'),
    descripcion: attribute(element, 'Descripcion'),
    valor_unitario: attribute(element, 'ValorUnitario'),
    importe: attribute(element, 'Importe'),
    descuento: attribute(element, 'Descuento'),
    objeto_imp: attribute(element, 'ObjetoImp'),
    impuestos: taxes(child(element, 'Impuestos')),
  };
}

function pago(element: XmlElement): PagoDetails {
  return {
    fecha_pago: attribute(element, 'FechaPago'),
    forma_de_pago_p: attribute(element, 'FormaDePagoP'),
    moneda_p: attribute(element, 'MonedaP'),
    tipo_cambio_p: attribute(element, 'TipoCambioP'),
    monto: attribute(element, 'Monto'),
    documentos_relacionados: children(element, 'DoctoRelacionado').map((docto) => ({
      id_documento: attribute(docto, 'IdDocumento'),
      serie: attribute(docto, 'Serie'),
      folio: attribute(docto, 'Folio'),
      moneda_dr: attribute(docto, 'MonedaDR'),
      equivalencia_dr: attribute(docto, 'EquivalenciaDR'),
      num_parcialidad: attribute(docto, 'NumParcialidad'),
      imp_saldo_ant: attribute(docto, 'ImpSaldoAnt'),
      imp_pagado: attribute(docto, 'ImpPagado'),
      imp_saldo_insoluto: attribute(docto, 'ImpSaldoInsoluto'),
      objeto_imp_dr: attribute(docto, 'ObjetoImpDR'),
    })),
  };
}

/**
 * A CFDI's content: parties' fiscal attributes, line items, taxes, relations, payments and the
 * complements present. CFDI 3.3 names (RegimenFiscal on the Emisor only, no ObjetoImp) read as null.
 */
export function readCfdiDetails(xml: Uint8Array | string): CfdiDetails {
  return detailsOf(documentElement(xml));
}

function detailsOf(root: XmlElement): CfdiDetails {
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  const impuestos = child(root, 'Impuestos');
  const complementos = complementsOf(root);
  const pagos = complementos.filter((item) => item.local === 'Pagos');
  const isPago = attribute(root, 'TipoDeComprobante') === 'P' || pagos.length > 0;
  return {
    emisor: { regimen_fiscal: attribute(emisor, 'RegimenFiscal') },
    receptor: {
      uso_cfdi: attribute(receptor, 'UsoCFDI'),
      regimen_fiscal: attribute(receptor, 'RegimenFiscalReceptor'),
      domicilio_fiscal: attribute(receptor, 'DomicilioFiscalReceptor'),
    },
    metodo_pago: attribute(root, 'MetodoPago'),
    forma_pago: attribute(root, 'FormaPago'),
    condiciones_de_pago: attribute(root, 'CondicionesDePago'),
    tipo_cambio: attribute(root, 'TipoCambio'),
    lugar_expedicion: attribute(root, 'LugarExpedicion'),
    exportacion: attribute(root, 'Exportacion'),
    conceptos: children(child(root, 'Conceptos'), 'Concepto').map(concepto),
    impuestos: impuestos
      ? {
          total_impuestos_trasladados: attribute(impuestos, 'TotalImpuestosTrasladados'),
          total_impuestos_retenidos: attribute(impuestos, 'TotalImpuestosRetenidos'),
          ...taxes(impuestos),
        }
      : null,
    cfdi_relacionados: children(root, 'CfdiRelacionados').map((group) => ({
      tipo_relacion: attribute(group, 'TipoRelacion'),
      uuids: children(group, 'CfdiRelacionado').flatMap((item) => attribute(item, 'UUID') ?? []),
    })),
    pagos: isPago ? pagos.flatMap((group) => children(group, 'Pago').map(pago)) : null,
    complementos: complementos.map((item) => item.local),
  };
}

/** A taxpayer a CFDI was issued on behalf of (a Concepto's third party). */
export interface ThirdParty {
  /** Upper case. */
  rfc: string;
  nombre: string | null;
}

/**
 * The third parties of the Conceptos, once per RFC in document order: CFDI 4.0's
 * ACuentaTerceros, and the terceros complement (PorCuentadeTerceros) that CFDI 3.3 and 3.2 put in
 * ComplementoConcepto.
 */
function thirdPartiesOf(root: XmlElement): ThirdParty[] {
  const found = new Map<string, ThirdParty>();
  const add = (rfc: string | null, nombre: string | null) => {
    const key = rfc?.trim().toUpperCase();
    if (key && !found.has(key)) found.set(key, { rfc: key, nombre });
  };
  for (const concepto of children(child(root, 'Conceptos'), 'Concepto')) {
    const terceros = child(concepto, 'ACuentaTerceros');
    if (terceros) add(attribute(terceros, 'RfcACuentaTerceros'), attribute(terceros, 'NombreACuentaTerceros'));
    for (const complemento of children(concepto, 'ComplementoConcepto')) {
      for (const item of childElements(complemento)) {
        if (item.local === 'PorCuentadeTerceros') add(attribute(item, 'rfc'), attribute(item, 'nombre'));
      }
    }
  }
  return [...found.values()];
}

/** Everything the store keeps of a document, from one parse. */
export interface CfdiOverview {
  index: CfdiIndex;
  /** Null for a version outside INDEXED_VERSIONS. */
  details: CfdiDetails | null;
  thirdParties: ThirdParty[];
}

/** Index fields, content (for the indexed versions) and third parties; throws as readCfdiIndex does. */
export function readCfdiOverview(xml: Uint8Array | string): CfdiOverview {
  const root = documentElement(xml);
  const index = indexOf(root);
  return {
    index,
    details: index.version !== null && INDEXED_VERSIONS.includes(index.version) ? detailsOf(root) : null,
    thirdParties: thirdPartiesOf(root),
  };
}
