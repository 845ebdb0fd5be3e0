/**
 * Parses untrusted CFDI 4.0 XML into the typed model (plus the element tree, which the cadena
 * original and the TFD code read directly). Only a cfdi:Comprobante Version 4.0 is accepted.
 */
import { CfdiError } from './errors.ts';
import type {
  CfdiRelacionados,
  Complemento,
  Comprobante,
  Concepto,
  ConceptoImpuestos,
  ElementoXml,
  Impuestos,
  Parte,
  Retencion,
  RetencionGlobal,
  Traslado,
} from './model.ts';
import { CFDI_NAMESPACE, PAGOS20_NAMESPACE, TFD_NAMESPACE, XSI_NAMESPACE } from './model.ts';
import * as names from './xml/cfdi-schema.ts';
import { parseXml } from './xml/parse.ts';
import type { XmlParseLimits } from './xml/parse.ts';
import { readPagos, readTimbre } from './xml/read-complementos.ts';
import { Children, readAttributes } from './xml/reader.ts';
import { attributeValue, isElement } from './xml/tree.ts';
import type { XmlElement } from './xml/tree.ts';

export interface ParsedCfdi {
  comprobante: Comprobante;
  /** The document element as parsed (whitespace-only text inside cfdi:* elements dropped). */
  root: XmlElement;
}

export type ParseCfdiOptions = Omit<XmlParseLimits, 'ignoreWhitespaceIn'>;

const IGNORED_WHITESPACE = new Set([CFDI_NAMESPACE, PAGOS20_NAMESPACE]);
const ROOT = '/cfdi:Comprobante';

function cfdiChildren(element: XmlElement, path: string, allowed: readonly string[]): Children {
  return new Children(element, path, CFDI_NAMESPACE, 'cfdi', allowed);
}

/** Explains what the document is when it is not a CFDI 4.0 Comprobante. */
export function assertComprobante40(root: XmlElement): void {
  const version = attributeValue(root, 'Version') ?? attributeValue(root, 'version');
  const name = `{${root.namespace ?? ''}}${root.local}`;
  let what: string | undefined;
  if (root.local === 'Comprobante' && root.namespace === CFDI_NAMESPACE) {
    if (version === '4.0') return;
    what = `a cfdi:Comprobante with Version "${version ?? ''}" (expected 4.0)`;
  } else if (root.local === 'Comprobante' && root.namespace === 'http://www.sat.gob.mx/cfd/3') {
    what = `a CFDI ${version ?? '3.x'} (namespace http://www.sat.gob.mx/cfd/3)`;
  } else if (root.local === 'Comprobante' && root.namespace === 'http://www.sat.gob.mx/cfd/2') {
    what = `a CFD ${version ?? '2.x'} (namespace http://www.sat.gob.mx/cfd/2)`;
  } else if (root.local === 'Retenciones') {
    what = `a CFDI de retenciones e información de pagos ${version ?? ''}`.trimEnd();
  } else {
    what = `a document whose root element is ${name}`;
  }
  throw new CfdiError('cfdi.not_comprobante', `The XML is ${what}, not a CFDI 4.0 Comprobante.`, '/');
}

/** namespace URI → "namespace location" pair from the root's xsi:schemaLocation. */
function schemaLocations(root: XmlElement): Map<string, string> {
  const value = root.attributes.find((a) => a.namespace === XSI_NAMESPACE && a.local === 'schemaLocation')?.value ?? '';
  const tokens = value.split(/[ \t\r\n]+/).filter((token) => token !== '');
  const result = new Map<string, string>();
  for (let index = 0; index + 1 < tokens.length; index += 2) {
    const namespace = tokens[index] as string;
    if (!result.has(namespace)) result.set(namespace, `${namespace} ${tokens[index + 1] as string}`);
  }
  return result;
}

function rawElement(element: XmlElement, locations: Map<string, string>): ElementoXml {
  const location = element.namespace === null ? undefined : locations.get(element.namespace);
  return location === undefined ? { Xml: element } : { Xml: element, SchemaLocation: location };
}

function rawChildren(element: XmlElement, path: string, locations: Map<string, string>): ElementoXml[] | undefined {
  const result: ElementoXml[] = [];
  for (const child of element.children) {
    if (isElement(child)) result.push(rawElement(child, locations));
    else if (child.text.trim() !== '') throw new CfdiError('cfdi.malformed_xml', `Unexpected text content (at ${path}).`, path);
  }
  return result.length === 0 ? undefined : result;
}

function traslado(element: XmlElement, path: string): Traslado {
  return readAttributes(element, path, names.TRASLADO_ATTRIBUTES, ['Base', 'Impuesto', 'TipoFactor']) as Traslado;
}

function wrapped<T>(children: Children, wrapper: string, item: string, read: (e: XmlElement, p: string) => T): T[] | undefined {
  const found = children.optional(wrapper);
  if (!found) return undefined;
  return cfdiChildren(found.element, found.path, [item]).map(item, read) ?? [];
}

function conceptoImpuestos(element: XmlElement, path: string): ConceptoImpuestos {
  const children = cfdiChildren(element, path, ['Traslados', 'Retenciones']);
  const result: ConceptoImpuestos = {};
  const traslados = wrapped(children, 'Traslados', 'Traslado', traslado);
  if (traslados) result.Traslados = traslados;
  const retenciones = wrapped(
    children,
    'Retenciones',
    'Retencion',
    (e, p) => readAttributes(e, p, names.RETENCION_ATTRIBUTES, names.RETENCION_ATTRIBUTES) as Retencion,
  );
  if (retenciones) result.Retenciones = retenciones;
  return result;
}

function numeroPedimento(element: XmlElement, path: string): { NumeroPedimento: string } {
  return readAttributes(element, path, names.INFORMACION_ADUANERA_ATTRIBUTES, names.INFORMACION_ADUANERA_ATTRIBUTES);
}

function parte(element: XmlElement, path: string): Parte {
  const result = readAttributes(element, path, names.PARTE_ATTRIBUTES, ['ClaveProdServ', 'Cantidad', 'Descripcion']) as Parte;
  const aduanera = cfdiChildren(element, path, ['InformacionAduanera']).map('InformacionAduanera', numeroPedimento);
  if (aduanera) result.InformacionAduanera = aduanera;
  return result;
}

function concepto(element: XmlElement, path: string, locations: Map<string, string>): Concepto {
  const result = readAttributes(element, path, names.CONCEPTO_ATTRIBUTES, [
    'ClaveProdServ',
    'Cantidad',
    'ClaveUnidad',
    'Descripcion',
    'ValorUnitario',
    'Importe',
    'ObjetoImp',
  ]) as Concepto;
  const children = cfdiChildren(element, path, ['Impuestos', 'ACuentaTerceros', 'InformacionAduanera', 'CuentaPredial', 'ComplementoConcepto', 'Parte']);
  const impuestos = children.optional('Impuestos');
  if (impuestos) result.Impuestos = conceptoImpuestos(impuestos.element, impuestos.path);
  const terceros = children.optional('ACuentaTerceros');
  if (terceros) {
    result.ACuentaTerceros = readAttributes(terceros.element, terceros.path, names.A_CUENTA_TERCEROS_ATTRIBUTES, names.A_CUENTA_TERCEROS_ATTRIBUTES);
  }
  const aduanera = children.map('InformacionAduanera', numeroPedimento);
  if (aduanera) result.InformacionAduanera = aduanera;
  const predial = children.map('CuentaPredial', (e, p) => readAttributes(e, p, names.CUENTA_PREDIAL_ATTRIBUTES, names.CUENTA_PREDIAL_ATTRIBUTES));
  if (predial) result.CuentaPredial = predial;
  const complemento = children.optional('ComplementoConcepto');
  const raw = complemento && rawChildren(complemento.element, complemento.path, locations);
  if (raw) result.ComplementoConcepto = raw;
  const partes = children.map('Parte', parte);
  if (partes) result.Parte = partes;
  return result;
}

function impuestos(element: XmlElement, path: string): Impuestos {
  const result: Impuestos = readAttributes(element, path, names.IMPUESTOS_ATTRIBUTES, []);
  const children = cfdiChildren(element, path, ['Retenciones', 'Traslados']);
  const retenciones = wrapped(
    children,
    'Retenciones',
    'Retencion',
    (e, p) => readAttributes(e, p, names.RETENCION_GLOBAL_ATTRIBUTES, names.RETENCION_GLOBAL_ATTRIBUTES) as RetencionGlobal,
  );
  if (retenciones) result.Retenciones = retenciones;
  const traslados = wrapped(children, 'Traslados', 'Traslado', traslado);
  if (traslados) result.Traslados = traslados;
  return result;
}

function complemento(element: XmlElement, path: string, locations: Map<string, string>): Complemento[] | undefined {
  const result: Complemento[] = [];
  for (const raw of rawChildren(element, path, locations) ?? []) {
    const child = raw.Xml;
    if (child.namespace === PAGOS20_NAMESPACE && child.local === 'Pagos') {
      result.push({ Pagos: readPagos(child, `${path}/pago20:Pagos`) });
    } else if (child.namespace === TFD_NAMESPACE && child.local === 'TimbreFiscalDigital' && attributeValue(child, 'Version') === '1.1') {
      result.push({ TimbreFiscalDigital: readTimbre(child, `${path}/tfd:TimbreFiscalDigital`) });
    } else {
      result.push({ Otro: raw });
    }
  }
  return result.length === 0 ? undefined : result;
}

function cfdiRelacionados(element: XmlElement, path: string): CfdiRelacionados {
  const { TipoRelacion } = readAttributes(element, path, ['TipoRelacion'], ['TipoRelacion']);
  const uuids = cfdiChildren(element, path, ['CfdiRelacionado']).map('CfdiRelacionado', (e, p) => readAttributes(e, p, ['UUID'], ['UUID']).UUID);
  return { TipoRelacion, UUIDs: uuids ?? [] };
}

/** Builds the model from an already parsed cfdi:Comprobante 4.0 element (see parseCfdiTree). */
export function comprobanteFromElement(root: XmlElement): Comprobante {
  assertComprobante40(root);
  const locations = schemaLocations(root);
  const attributes = readAttributes(root, ROOT, names.COMPROBANTE_ATTRIBUTES, [
    'Version',
    'Fecha',
    'SubTotal',
    'Moneda',
    'Total',
    'TipoDeComprobante',
    'Exportacion',
    'LugarExpedicion',
  ]);
  const children = cfdiChildren(root, ROOT, [
    'InformacionGlobal',
    'CfdiRelacionados',
    'Emisor',
    'Receptor',
    'Conceptos',
    'Impuestos',
    'Complemento',
    'Addenda',
  ]);
  const emisor = children.required('Emisor');
  const receptor = children.required('Receptor');
  const conceptos = children.required('Conceptos');
  const result: Comprobante = {
    ...attributes,
    Version: '4.0',
    Emisor: readAttributes(emisor.element, emisor.path, names.EMISOR_ATTRIBUTES, ['Rfc', 'Nombre', 'RegimenFiscal']),
    Receptor: readAttributes(receptor.element, receptor.path, names.RECEPTOR_ATTRIBUTES, [
      'Rfc',
      'Nombre',
      'DomicilioFiscalReceptor',
      'RegimenFiscalReceptor',
      'UsoCFDI',
    ]),
    Conceptos: cfdiChildren(conceptos.element, conceptos.path, ['Concepto']).map('Concepto', (e, p) => concepto(e, p, locations)) ?? [],
  };
  const global = children.optional('InformacionGlobal');
  if (global) result.InformacionGlobal = readAttributes(global.element, global.path, names.INFORMACION_GLOBAL_ATTRIBUTES, names.INFORMACION_GLOBAL_ATTRIBUTES);
  const related = children.map('CfdiRelacionados', cfdiRelacionados);
  if (related) result.CfdiRelacionados = related;
  const taxes = children.optional('Impuestos');
  if (taxes) result.Impuestos = impuestos(taxes.element, taxes.path);
  const complements = children.optional('Complemento');
  const complementItems = complements && complemento(complements.element, complements.path, locations);
  if (complementItems) result.Complemento = complementItems;
  const addenda = children.optional('Addenda');
  const addendaItems = addenda && rawChildren(addenda.element, addenda.path, locations);
  if (addendaItems) result.Addenda = addendaItems;
  return result;
}

/** The document's element tree as parseCfdi reads it, before any CFDI rule. Throws CfdiError when it is no safe XML. */
export function parseCfdiTree(xml: string | Uint8Array, options: ParseCfdiOptions = {}): XmlElement {
  return parseXml(xml, { ...options, ignoreWhitespaceIn: IGNORED_WHITESPACE });
}

/** Parses and checks a CFDI 4.0 document. Throws CfdiError (see errors.ts) on any problem. */
export function parseCfdi(xml: string | Uint8Array, options: ParseCfdiOptions = {}): ParsedCfdi {
  const root = parseCfdiTree(xml, options);
  return { comprobante: comprobanteFromElement(root), root };
}
