/**
 * Writes a Comprobante model as CFDI 4.0 XML: namespaces declared on the root, xsi:schemaLocation
 * listing cfdv40.xsd and every complement present, attributes in XSD order, and an attribute
 * only when the model has a value for it (undefined is omitted; an explicit '' is kept so
 * that the cadena original of the model and of the written XML are the same).
 */
import type {
  Comprobante,
  Concepto,
  ConceptoImpuestos,
  Complemento,
  DoctoRelacionado,
  ElementoXml,
  Impuestos,
  Pago,
  Pagos,
  Parte,
  TimbreFiscalDigital,
} from './model.ts';
import {
  CFDI_NAMESPACE,
  CFDI_SCHEMA_LOCATION,
  PAGOS20_NAMESPACE,
  PAGOS20_SCHEMA_LOCATION,
  TFD_NAMESPACE,
  TFD_SCHEMA_LOCATION,
  XSI_NAMESPACE,
} from './model.ts';
import * as names from './xml/cfdi-schema.ts';
import { serializeXml } from './xml/serialize.ts';
import type { XmlAttribute, XmlElement } from './xml/tree.ts';

type Namespace = { uri: string; prefix: string };
const CFDI: Namespace = { uri: CFDI_NAMESPACE, prefix: 'cfdi' };
const PAGO20: Namespace = { uri: PAGOS20_NAMESPACE, prefix: 'pago20' };
const TFD: Namespace = { uri: TFD_NAMESPACE, prefix: 'tfd' };

function attributes<T extends object>(source: T, order: readonly (keyof T & string)[]): XmlAttribute[] {
  const result: XmlAttribute[] = [];
  for (const name of order) {
    const value = source[name];
    if (typeof value === 'string') result.push({ namespace: null, prefix: null, local: name, value });
  }
  return result;
}

function element(namespace: Namespace, local: string, attributeList: XmlAttribute[], children: XmlElement[] = []): XmlElement {
  return { namespace: namespace.uri, prefix: namespace.prefix, local, attributes: attributeList, children };
}

function list<T>(items: T[] | undefined, build: (item: T) => XmlElement): XmlElement[] {
  return (items ?? []).map(build);
}

/** A wrapper element (Traslados, RetencionesDR, ...) only when it has items. */
function wrapper<T>(namespace: Namespace, local: string, items: T[] | undefined, build: (item: T) => XmlElement): XmlElement[] {
  return items === undefined ? [] : [element(namespace, local, [], items.map(build))];
}

function conceptoImpuestos(impuestos: ConceptoImpuestos): XmlElement {
  return element(
    CFDI,
    'Impuestos',
    [],
    [
      ...wrapper(CFDI, 'Traslados', impuestos.Traslados, (t) => element(CFDI, 'Traslado', attributes(t, names.TRASLADO_ATTRIBUTES))),
      ...wrapper(CFDI, 'Retenciones', impuestos.Retenciones, (r) => element(CFDI, 'Retencion', attributes(r, names.RETENCION_ATTRIBUTES))),
    ],
  );
}

function parte(item: Parte): XmlElement {
  return element(
    CFDI,
    'Parte',
    attributes(item, names.PARTE_ATTRIBUTES),
    list(item.InformacionAduanera, (i) => element(CFDI, 'InformacionAduanera', attributes(i, names.INFORMACION_ADUANERA_ATTRIBUTES))),
  );
}

/** A cfdi:Concepto as an element tree. */
function conceptoElement(item: Concepto): XmlElement {
  const children: XmlElement[] = [];
  if (item.Impuestos) children.push(conceptoImpuestos(item.Impuestos));
  if (item.ACuentaTerceros) {
    children.push(element(CFDI, 'ACuentaTerceros', attributes(item.ACuentaTerceros, names.A_CUENTA_TERCEROS_ATTRIBUTES)));
  }
  children.push(...list(item.InformacionAduanera, (i) => element(CFDI, 'InformacionAduanera', attributes(i, names.INFORMACION_ADUANERA_ATTRIBUTES))));
  children.push(...list(item.CuentaPredial, (c) => element(CFDI, 'CuentaPredial', attributes(c, names.CUENTA_PREDIAL_ATTRIBUTES))));
  if (item.ComplementoConcepto) {
    children.push(
      element(
        CFDI,
        'ComplementoConcepto',
        [],
        item.ComplementoConcepto.map((raw) => raw.Xml),
      ),
    );
  }
  children.push(...list(item.Parte, parte));
  return element(CFDI, 'Concepto', attributes(item, names.CONCEPTO_ATTRIBUTES), children);
}

function impuestos(item: Impuestos): XmlElement {
  return element(CFDI, 'Impuestos', attributes(item, names.IMPUESTOS_ATTRIBUTES), [
    ...wrapper(CFDI, 'Retenciones', item.Retenciones, (r) => element(CFDI, 'Retencion', attributes(r, names.RETENCION_GLOBAL_ATTRIBUTES))),
    ...wrapper(CFDI, 'Traslados', item.Traslados, (t) => element(CFDI, 'Traslado', attributes(t, names.TRASLADO_ATTRIBUTES))),
  ]);
}

function doctoRelacionado(item: DoctoRelacionado): XmlElement {
  const children: XmlElement[] = [];
  const taxes = item.ImpuestosDR;
  if (taxes) {
    children.push(
      element(
        PAGO20,
        'ImpuestosDR',
        [],
        [
          ...wrapper(PAGO20, 'RetencionesDR', taxes.RetencionesDR, (r) => element(PAGO20, 'RetencionDR', attributes(r, names.RETENCION_DR_ATTRIBUTES))),
          ...wrapper(PAGO20, 'TrasladosDR', taxes.TrasladosDR, (t) => element(PAGO20, 'TrasladoDR', attributes(t, names.TRASLADO_DR_ATTRIBUTES))),
        ],
      ),
    );
  }
  return element(PAGO20, 'DoctoRelacionado', attributes(item, names.DOCTO_RELACIONADO_ATTRIBUTES), children);
}

function pago(item: Pago): XmlElement {
  const children = item.DoctoRelacionado.map(doctoRelacionado);
  const taxes = item.ImpuestosP;
  if (taxes) {
    children.push(
      element(
        PAGO20,
        'ImpuestosP',
        [],
        [
          ...wrapper(PAGO20, 'RetencionesP', taxes.RetencionesP, (r) => element(PAGO20, 'RetencionP', attributes(r, names.RETENCION_P_ATTRIBUTES))),
          ...wrapper(PAGO20, 'TrasladosP', taxes.TrasladosP, (t) => element(PAGO20, 'TrasladoP', attributes(t, names.TRASLADO_P_ATTRIBUTES))),
        ],
      ),
    );
  }
  return element(PAGO20, 'Pago', attributes(item, names.PAGO_ATTRIBUTES), children);
}

function pagosElement(pagos: Pagos): XmlElement {
  return element(PAGO20, 'Pagos', attributes(pagos, names.PAGOS_ATTRIBUTES), [
    element(PAGO20, 'Totales', attributes(pagos.Totales, names.PAGOS_TOTALES_ATTRIBUTES)),
    ...pagos.Pago.map(pago),
  ]);
}

export function timbreElement(timbre: TimbreFiscalDigital): XmlElement {
  return element(TFD, 'TimbreFiscalDigital', attributes(timbre, names.TFD_ATTRIBUTES));
}

function complementoElement(item: Complemento): XmlElement {
  if ('Pagos' in item) return pagosElement(item.Pagos);
  if ('TimbreFiscalDigital' in item) return timbreElement(item.TimbreFiscalDigital);
  return item.Otro.Xml;
}

/** "namespace location" pairs for xsi:schemaLocation, without duplicates. */
function schemaLocation(comprobante: Comprobante): string {
  const pairs = [`${CFDI_NAMESPACE} ${CFDI_SCHEMA_LOCATION}`];
  const raw: ElementoXml[] = [...(comprobante.Addenda ?? [])];
  for (const concept of comprobante.Conceptos) raw.push(...(concept.ComplementoConcepto ?? []));
  for (const item of comprobante.Complemento ?? []) {
    if ('Pagos' in item) pairs.push(`${PAGOS20_NAMESPACE} ${PAGOS20_SCHEMA_LOCATION}`);
    else if ('TimbreFiscalDigital' in item) pairs.push(`${TFD_NAMESPACE} ${TFD_SCHEMA_LOCATION}`);
    else raw.push(item.Otro);
  }
  for (const item of raw) if (item.SchemaLocation) pairs.push(item.SchemaLocation);
  return [...new Set(pairs)].join(' ');
}

/** The Comprobante as an element tree (what writeCfdi serializes). */
export function comprobanteElement(comprobante: Comprobante): XmlElement {
  const children: XmlElement[] = [];
  if (comprobante.InformacionGlobal) {
    children.push(element(CFDI, 'InformacionGlobal', attributes(comprobante.InformacionGlobal, names.INFORMACION_GLOBAL_ATTRIBUTES)));
  }
  for (const related of comprobante.CfdiRelacionados ?? []) {
    children.push(
      element(
        CFDI,
        'CfdiRelacionados',
        [{ namespace: null, prefix: null, local: 'TipoRelacion', value: related.TipoRelacion }],
        related.UUIDs.map((uuid) => element(CFDI, 'CfdiRelacionado', [{ namespace: null, prefix: null, local: 'UUID', value: uuid }])),
      ),
    );
  }
  children.push(element(CFDI, 'Emisor', attributes(comprobante.Emisor, names.EMISOR_ATTRIBUTES)));
  children.push(element(CFDI, 'Receptor', attributes(comprobante.Receptor, names.RECEPTOR_ATTRIBUTES)));
  children.push(element(CFDI, 'Conceptos', [], comprobante.Conceptos.map(conceptoElement)));
  if (comprobante.Impuestos) children.push(impuestos(comprobante.Impuestos));
  if (comprobante.Complemento?.length) {
    children.push(element(CFDI, 'Complemento', [], comprobante.Complemento.map(complementoElement)));
  }
  if (comprobante.Addenda?.length)
    children.push(
      element(
        CFDI,
        'Addenda',
        [],
        comprobante.Addenda.map((raw) => raw.Xml),
      ),
    );
  const location: XmlAttribute = { namespace: XSI_NAMESPACE, prefix: 'xsi', local: 'schemaLocation', value: schemaLocation(comprobante) };
  return element(CFDI, 'Comprobante', [location, ...attributes(comprobante, names.COMPROBANTE_ATTRIBUTES)], children);
}

/** Serializes the model as a CFDI 4.0 document (UTF-8 text with its XML declaration). */
export function writeCfdi(comprobante: Comprobante): string {
  return serializeXml(comprobanteElement(comprobante));
}
