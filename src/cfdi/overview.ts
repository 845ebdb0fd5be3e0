/**
 * What a stored CFDI shows without being checked: its index fields (who, when, how much, the
 * UUID) and its content as plain data. Read from the element tree by local names, so CFDI 3.3
 * and 4.0, Pagos 1.0 and 2.0 read alike: a store of a taxpayer's history holds both versions,
 * and checking is the validations' business (check.ts), not the store's.
 */
import { CfdiError } from './errors.ts';
import { parseXml } from './xml/parse.ts';
import { attributeValue, childElements, isElement, type XmlElement } from './xml/tree.ts';

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

type Plain = Record<string, unknown>;

function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element ? childElements(element).find((item) => item.local === local) : undefined;
}

function children(element: XmlElement | undefined, local: string): XmlElement[] {
  return element ? childElements(element).filter((item) => item.local === local) : [];
}

function attribute(element: XmlElement | undefined, name: string): string | null {
  return (element && attributeValue(element, name)) ?? null;
}

/** `ClaveProdServ` → `clave_prod_serv`, `UsoCFDI` → `uso_cfdi`, `TasaOCuota` → `tasa_o_cuota`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** An element's unprefixed attributes as snake_case keys. */
function attributes(element: XmlElement): Plain {
  const result: Plain = {};
  for (const item of element.attributes) if (item.namespace === null) result[snakeCase(item.local)] = item.value;
  return result;
}

function documentElement(xml: Uint8Array | string): XmlElement {
  const root = parseXml(xml);
  if (root.local !== 'Comprobante') throw new CfdiError('cfdi.not_comprobante', `The document element is ${root.local}, not a CFDI Comprobante.`, '/');
  return root;
}

function timbreOf(root: XmlElement): XmlElement | undefined {
  return child(child(root, 'Complemento'), 'TimbreFiscalDigital');
}

/** The index fields of a stamped CFDI; throws CfdiError when it is no XML, no Comprobante or carries no TFD UUID. */
export function readCfdiIndex(xml: Uint8Array | string): CfdiIndex {
  const root = documentElement(xml);
  const timbre = timbreOf(root);
  const uuid = attribute(timbre, 'UUID');
  if (!uuid) throw new CfdiError('cfdi.malformed_xml', 'The CFDI carries no TimbreFiscalDigital UUID.', '/cfdi:Comprobante/cfdi:Complemento');
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  return {
    uuid: uuid.toUpperCase(),
    version: attribute(root, 'Version'),
    serie: attribute(root, 'Serie'),
    folio: attribute(root, 'Folio'),
    tipoDeComprobante: attribute(root, 'TipoDeComprobante'),
    fecha: attribute(root, 'Fecha'),
    fechaTimbrado: attribute(timbre, 'FechaTimbrado'),
    emisorRfc: attribute(emisor, 'Rfc')?.toUpperCase() ?? null,
    emisorNombre: attribute(emisor, 'Nombre'),
    receptorRfc: attribute(receptor, 'Rfc')?.toUpperCase() ?? null,
    receptorNombre: attribute(receptor, 'Nombre'),
    moneda: attribute(root, 'Moneda'),
    subTotal: attribute(root, 'SubTotal'),
    descuento: attribute(root, 'Descuento'),
    total: attribute(root, 'Total'),
    rfcPac: attribute(timbre, 'RfcProvCertif'),
  };
}

function taxes(element: XmlElement | undefined): { traslados: Plain[]; retenciones: Plain[] } {
  return {
    traslados: children(child(element, 'Traslados'), 'Traslado').map(attributes),
    retenciones: children(child(element, 'Retenciones'), 'Retencion').map(attributes),
  };
}

/** A CFDI's content as plain data: parties, line items, taxes, relations, payments, complements. */
export function readCfdiDetails(xml: Uint8Array | string): Plain {
  const root = documentElement(xml);
  const own = attributes(root);
  const impuestos = child(root, 'Impuestos');
  const complemento = child(root, 'Complemento');
  const pagos = childElements(complemento ?? root).filter((item) => item.local === 'Pagos');
  return {
    emisor: attributes(child(root, 'Emisor') ?? root),
    receptor: attributes(child(root, 'Receptor') ?? root),
    forma_pago: own.forma_pago ?? null,
    metodo_pago: own.metodo_pago ?? null,
    condiciones_de_pago: own.condiciones_de_pago ?? null,
    tipo_cambio: own.tipo_cambio ?? null,
    lugar_expedicion: own.lugar_expedicion ?? null,
    exportacion: own.exportacion ?? null,
    informacion_global: child(root, 'InformacionGlobal') ? attributes(child(root, 'InformacionGlobal')!) : null,
    cfdi_relacionados: children(root, 'CfdiRelacionados').map((group) => ({
      tipo_relacion: attribute(group, 'TipoRelacion'),
      uuids: children(group, 'CfdiRelacionado').map((item) => attribute(item, 'UUID')),
    })),
    conceptos: children(child(root, 'Conceptos'), 'Concepto').map((concepto) => ({
      ...attributes(concepto),
      impuestos: taxes(child(concepto, 'Impuestos')),
    })),
    impuestos: impuestos ? { ...attributes(impuestos), ...taxes(impuestos) } : null,
    pagos: pagos.flatMap((group) => children(group, 'Pago').map((pago) => ({
      ...attributes(pago),
      documentos_relacionados: children(pago, 'DoctoRelacionado').map(attributes),
    }))),
    complementos: complemento ? complemento.children.filter(isElement).map((item) => item.local) : [],
  };
}
