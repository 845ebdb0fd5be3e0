/**
 * Cadena original of a CFDI 4.0, byte-identical to the SAT's cadenaoriginal_4_0.xslt (which
 * includes utilerias.xslt and 32 complement stylesheets, all of them transcribed here).
 *
 * The rules, from the XSLT: "|" + each node's attributes in the stylesheet's fixed order +
 * "||"; a Requerido attribute always adds "|value" (just "|" when absent), an Opcional one
 * only when the attribute exists; every value goes through XPath normalize-space (only space,
 * tab, CR and LF are whitespace: trimmed, inner runs collapsed to one space). The
 * TimbreFiscalDigital has no template in that stylesheet, so it adds nothing (its own cadena is
 * a different XSLT), and an element no stylesheet knows contributes only its text content.
 */
import { CadenaWriter, compileTemplates } from './cadena/engine.ts';
import { ModelCadena } from './cadena/from-model.ts';
import type { TemplateTable } from './cadena/engine.ts';
import { CARTA_PORTE_TEMPLATES } from './cadena/templates-carta-porte.ts';
import { CFDI40_TEMPLATES } from './cadena/templates-cfdi40.ts';
import { COMPLEMENTO_TEMPLATES } from './cadena/templates-complementos.ts';
import type { Comprobante } from './model.ts';
import { CFDI_NAMESPACE, PAGOS20_NAMESPACE } from './model.ts';
import { assertComprobante40 } from './parse.ts';
import { comprobanteElement } from './writer.ts';
import { parseXml } from './xml/parse.ts';
import type { XmlParseLimits } from './xml/parse.ts';
import type { XmlElement } from './xml/tree.ts';

/** The namespace prefixes the SAT stylesheets use, as declared in cadenaoriginal_4_0.xslt. */
export const CADENA_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['cfdi', CFDI_NAMESPACE],
  ['pago20', PAGOS20_NAMESPACE],
  ['nomina12', 'http://www.sat.gob.mx/nomina12'],
  ['cce11', 'http://www.sat.gob.mx/ComercioExterior11'],
  ['cce20', 'http://www.sat.gob.mx/ComercioExterior20'],
  ['donat', 'http://www.sat.gob.mx/donat'],
  ['divisas', 'http://www.sat.gob.mx/divisas'],
  ['implocal', 'http://www.sat.gob.mx/implocal'],
  ['leyendasFisc', 'http://www.sat.gob.mx/leyendasFiscales'],
  ['pfic', 'http://www.sat.gob.mx/pfic'],
  ['tpe', 'http://www.sat.gob.mx/TuristaPasajeroExtranjero'],
  ['registrofiscal', 'http://www.sat.gob.mx/registrofiscal'],
  ['pagoenespecie', 'http://www.sat.gob.mx/pagoenespecie'],
  ['aerolineas', 'http://www.sat.gob.mx/aerolineas'],
  ['valesdedespensa', 'http://www.sat.gob.mx/valesdedespensa'],
  ['notariospublicos', 'http://www.sat.gob.mx/notariospublicos'],
  ['vehiculousado', 'http://www.sat.gob.mx/vehiculousado'],
  ['servicioparcial', 'http://www.sat.gob.mx/servicioparcialconstruccion'],
  ['decreto', 'http://www.sat.gob.mx/renovacionysustitucionvehiculos'],
  ['destruccion', 'http://www.sat.gob.mx/certificadodestruccion'],
  ['obrasarte', 'http://www.sat.gob.mx/arteantiguedades'],
  ['ine', 'http://www.sat.gob.mx/ine'],
  ['iedu', 'http://www.sat.gob.mx/iedu'],
  ['ventavehiculos', 'http://www.sat.gob.mx/ventavehiculos'],
  ['detallista', 'http://www.sat.gob.mx/detallista'],
  ['ecc12', 'http://www.sat.gob.mx/EstadoDeCuentaCombustible12'],
  ['consumodecombustibles11', 'http://www.sat.gob.mx/ConsumoDeCombustibles11'],
  ['gceh', 'http://www.sat.gob.mx/GastosHidrocarburos10'],
  ['ieeh', 'http://www.sat.gob.mx/IngresosHidrocarburos10'],
  ['cartaporte20', 'http://www.sat.gob.mx/CartaPorte20'],
  ['cartaporte30', 'http://www.sat.gob.mx/CartaPorte30'],
  ['cartaporte31', 'http://www.sat.gob.mx/CartaPorte31'],
  ['hidrocarburospetroliferos', 'http://www.sat.gob.mx/hidrocarburospetroliferos'],
]);

/** The compiled SAT templates (exported for tests that exercise every template). */
export function buildTemplates(): TemplateTable {
  const table: TemplateTable = new Map();
  for (const source of [CFDI40_TEMPLATES, COMPLEMENTO_TEMPLATES, CARTA_PORTE_TEMPLATES]) {
    compileTemplates(source.replace(/^\/\/.*$/gm, ''), CADENA_PREFIXES, table);
  }
  return table;
}

const TEMPLATES = buildTemplates();

/** Namespace URIs of every complement whose cadena rules are implemented. */
export const CADENA_COMPLEMENT_NAMESPACES: readonly string[] = [...CADENA_PREFIXES.values()].filter((uri) => uri !== CFDI_NAMESPACE);

/** Cadena original of a cfdi:Comprobante element tree (e.g. ParsedCfdi.root). */
export function cadenaOriginalFromElement(root: XmlElement): string {
  assertComprobante40(root);
  const writer = new CadenaWriter(TEMPLATES);
  writer.applyTemplates(root);
  return `|${writer.result()}||`;
}

/** Cadena original of a CFDI 4.0 document, exactly as the SAT XSLT computes it from that XML. */
export function cadenaOriginalFromXml(xml: string | Uint8Array, limits: Omit<XmlParseLimits, 'ignoreWhitespaceIn'> = {}): string {
  // Whitespace-only text inside cfdi:* and pago20:* never reaches the output (every such
  // element the stylesheet visits has a template), so it can be dropped while parsing.
  const root = parseXml(xml, { ...limits, ignoreWhitespaceIn: new Set([CFDI_NAMESPACE, PAGOS20_NAMESPACE]) });
  return cadenaOriginalFromElement(root);
}

const MODEL_CADENA = new ModelCadena(TEMPLATES);

/** Cadena original of the model: the same as that of the XML writeCfdi(comprobante) produces. */
export function cadenaOriginal(comprobante: Comprobante): string {
  if (comprobante.Version !== '4.0') assertComprobante40(comprobanteElement(comprobante));
  return MODEL_CADENA.cadena(comprobante);
}
