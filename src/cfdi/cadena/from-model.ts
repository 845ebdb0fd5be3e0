/**
 * The cadena original straight from the model, for sealing: the same string as running the
 * templates over comprobanteElement(model), without building that tree for the cfdi:* nodes.
 *
 * Attribute order and Requerido/Opcional come from the compiled templates themselves (the SAT's,
 * see ./templates-cfdi40.ts); an attribute counts as present only when the writer would write it
 * (a string, and a name of that node in the schema). Nodes whose content is not modelled
 * (other complements, ComplementoConcepto) go through the template interpreter on their trees.
 */
import type { Comprobante, Concepto, DoctoRelacionado, ElementoXml, Impuestos, Pago, Pagos, Parte } from '../model.ts';
import { CFDI_NAMESPACE, PAGOS20_NAMESPACE } from '../model.ts';
import { timbreElement } from '../writer.ts';
import * as names from '../xml/cfdi-schema.ts';
import type { XmlElement } from '../xml/tree.ts';
import { CadenaWriter, normalizeSpace, templateKey } from './engine.ts';
import type { Instruction, TemplateTable } from './engine.ts';

interface Field {
  name: string;
  required: boolean;
  /** Whether the writer writes this attribute at all (else it is always absent). */
  written: boolean;
}

type Values = object;

/** The attribute values a template body reads (at its top level, or inside the for-each over `forEach`). */
function fields(table: TemplateTable, local: string, written: readonly string[], forEach?: string, namespace = CFDI_NAMESPACE): Field[] {
  let body = table.get(templateKey(namespace, local));
  if (!body) throw new Error(`No cadena template for {${namespace}}${local}`);
  if (forEach !== undefined) {
    const loop = body.find((instruction) => instruction.kind === 'forEach' && instruction.selection.steps.map((step) => step.local).join('/') === forEach);
    if (loop?.kind !== 'forEach') throw new Error(`No for-each over ${forEach} in {${namespace}}${local}`);
    body = loop.body;
  }
  return body.flatMap((instruction: Instruction) =>
    instruction.kind === 'value' && instruction.value.kind === 'attribute'
      ? [{ name: instruction.value.name, required: instruction.required, written: written.includes(instruction.value.name) }]
      : [],
  );
}

function write(source: Values, list: readonly Field[]): string {
  let output = '';
  for (const field of list) {
    const value = field.written ? (source as Record<string, unknown>)[field.name] : undefined;
    if (typeof value === 'string') output += '|' + normalizeSpace(value);
    else if (field.required) output += '|';
  }
  return output;
}

/** A Requerido attribute the writer always writes (absent only if the model lacks it). */
function requiredValue(value: string | undefined): string {
  return typeof value === 'string' ? '|' + normalizeSpace(value) : '|';
}

export class ModelCadena {
  private readonly comprobante: Field[];
  private readonly retenidos: Field[];
  private readonly trasladados: Field[];
  private readonly aduanera: Field[];
  private readonly predial: Field[];
  private readonly emisor: Field[];
  private readonly receptor: Field[];
  private readonly global: Field[];
  private readonly concepto: Field[];
  private readonly conceptoTraslado: Field[];
  private readonly conceptoRetencion: Field[];
  private readonly terceros: Field[];
  private readonly parte: Field[];
  private readonly traslado: Field[];
  private readonly retencion: Field[];

  private readonly pagos: Field[];
  private readonly totales: Field[];
  private readonly pago: Field[];
  private readonly docto: Field[];
  private readonly retencionDR: Field[];
  private readonly trasladoDR: Field[];
  private readonly retencionP: Field[];
  private readonly trasladoP: Field[];

  constructor(private readonly table: TemplateTable) {
    const pago20 = (local: string, written: readonly string[], forEach?: string) => fields(table, local, written, forEach, PAGOS20_NAMESPACE);
    this.pagos = pago20('Pagos', names.PAGOS_ATTRIBUTES);
    this.totales = pago20('Totales', names.PAGOS_TOTALES_ATTRIBUTES);
    this.pago = pago20('Pago', names.PAGO_ATTRIBUTES);
    this.docto = pago20('DoctoRelacionado', names.DOCTO_RELACIONADO_ATTRIBUTES);
    this.retencionDR = pago20('DoctoRelacionado', names.RETENCION_DR_ATTRIBUTES, 'ImpuestosDR/RetencionesDR/RetencionDR');
    this.trasladoDR = pago20('DoctoRelacionado', names.TRASLADO_DR_ATTRIBUTES, 'ImpuestosDR/TrasladosDR/TrasladoDR');
    this.retencionP = pago20('RetencionP', names.RETENCION_P_ATTRIBUTES);
    this.trasladoP = pago20('TrasladoP', names.TRASLADO_P_ATTRIBUTES);
    this.comprobante = fields(table, 'Comprobante', names.COMPROBANTE_ATTRIBUTES);
    const totals = fields(table, 'Impuestos', names.IMPUESTOS_ATTRIBUTES);
    if (totals.map((field) => field.name).join() !== 'TotalImpuestosRetenidos,TotalImpuestosTrasladados') {
      throw new Error('The cfdi:Impuestos template changed: update ModelCadena.impuestos');
    }
    this.retenidos = totals.slice(0, 1);
    this.trasladados = totals.slice(1);
    this.aduanera = fields(table, 'InformacionAduanera', names.INFORMACION_ADUANERA_ATTRIBUTES);
    this.predial = fields(table, 'CuentaPredial', names.CUENTA_PREDIAL_ATTRIBUTES);
    this.emisor = fields(table, 'Emisor', names.EMISOR_ATTRIBUTES);
    this.receptor = fields(table, 'Receptor', names.RECEPTOR_ATTRIBUTES);
    this.global = fields(table, 'InformacionGlobal', names.INFORMACION_GLOBAL_ATTRIBUTES);
    this.concepto = fields(table, 'Concepto', names.CONCEPTO_ATTRIBUTES);
    this.conceptoTraslado = fields(table, 'Concepto', names.TRASLADO_ATTRIBUTES, 'Impuestos/Traslados/Traslado');
    this.conceptoRetencion = fields(table, 'Concepto', names.RETENCION_ATTRIBUTES, 'Impuestos/Retenciones/Retencion');
    this.terceros = fields(table, 'ACuentaTerceros', names.A_CUENTA_TERCEROS_ATTRIBUTES);
    this.parte = fields(table, 'Parte', names.PARTE_ATTRIBUTES);
    this.traslado = fields(table, 'Impuestos', names.TRASLADO_ATTRIBUTES, 'Traslados/Traslado');
    this.retencion = fields(table, 'Impuestos', names.RETENCION_GLOBAL_ATTRIBUTES, 'Retenciones/Retencion');
  }

  /** The cadena original (with its leading "|" and trailing "||"). */
  cadena(comprobante: Comprobante): string {
    let output = '|' + write(comprobante, this.comprobante);
    if (comprobante.InformacionGlobal) output += write(comprobante.InformacionGlobal, this.global);
    for (const related of comprobante.CfdiRelacionados ?? []) {
      output += requiredValue(related.TipoRelacion);
      for (const uuid of related.UUIDs) output += requiredValue(uuid);
    }
    output += write(comprobante.Emisor, this.emisor) + write(comprobante.Receptor, this.receptor);
    for (const concepto of comprobante.Conceptos) output += this.conceptoCadena(concepto);
    if (comprobante.Impuestos) output += this.impuestos(comprobante.Impuestos);
    for (const item of comprobante.Complemento ?? []) {
      if ('Pagos' in item) output += this.pagosCadena(item.Pagos);
      else if ('TimbreFiscalDigital' in item) output += this.interpret(timbreElement(item.TimbreFiscalDigital));
      else output += this.interpret(item.Otro.Xml);
    }
    return output + '||';
  }

  private interpret(element: XmlElement): string {
    const writer = new CadenaWriter(this.table);
    writer.applyTemplates(element);
    return writer.result();
  }

  private conceptoCadena(concepto: Concepto): string {
    let output = write(concepto, this.concepto);
    for (const traslado of concepto.Impuestos?.Traslados ?? []) output += write(traslado, this.conceptoTraslado);
    for (const retencion of concepto.Impuestos?.Retenciones ?? []) output += write(retencion, this.conceptoRetencion);
    if (concepto.ACuentaTerceros) output += write(concepto.ACuentaTerceros, this.terceros);
    for (const aduanera of concepto.InformacionAduanera ?? []) output += write(aduanera, this.aduanera);
    for (const predial of concepto.CuentaPredial ?? []) output += write(predial, this.predial);
    if (concepto.ComplementoConcepto) output += this.complementoConcepto(concepto.ComplementoConcepto);
    for (const parte of concepto.Parte ?? []) output += this.parteCadena(parte);
    return output;
  }

  /**
   * cfdi:ComplementoConcepto is ">*"; then the Concepto's ">//cfdi:Parte" reaches, before its own
   * Partes (which follow it in the document), any cfdi:Parte nested in those foreign elements.
   */
  private complementoConcepto(items: ElementoXml[]): string {
    const wrapper: XmlElement = {
      namespace: CFDI_NAMESPACE,
      prefix: 'cfdi',
      local: 'ComplementoConcepto',
      attributes: [],
      children: items.map((item) => item.Xml),
    };
    const writer = new CadenaWriter(this.table);
    writer.applyTemplates(wrapper);
    writer.applyTemplatesToDescendants(wrapper, CFDI_NAMESPACE, 'Parte');
    return writer.result();
  }

  private parteCadena(parte: Parte): string {
    let output = write(parte, this.parte);
    for (const aduanera of parte.InformacionAduanera ?? []) output += write(aduanera, this.aduanera);
    return output;
  }

  /** Pagos20.xslt: Pagos, Totales, then each Pago with its documents and then its taxes. */
  private pagosCadena(pagos: Pagos): string {
    let output = write(pagos, this.pagos) + write(pagos.Totales, this.totales);
    for (const pago of pagos.Pago) output += this.pagoCadena(pago);
    return output;
  }

  private pagoCadena(pago: Pago): string {
    let output = write(pago, this.pago);
    for (const docto of pago.DoctoRelacionado) output += this.doctoCadena(docto);
    for (const retencion of pago.ImpuestosP?.RetencionesP ?? []) output += write(retencion, this.retencionP);
    for (const traslado of pago.ImpuestosP?.TrasladosP ?? []) output += write(traslado, this.trasladoP);
    return output;
  }

  private doctoCadena(docto: DoctoRelacionado): string {
    let output = write(docto, this.docto);
    for (const retencion of docto.ImpuestosDR?.RetencionesDR ?? []) output += write(retencion, this.retencionDR);
    for (const traslado of docto.ImpuestosDR?.TrasladosDR ?? []) output += write(traslado, this.trasladoDR);
    return output;
  }

  private impuestos(impuestos: Impuestos): string {
    let output = '';
    for (const retencion of impuestos.Retenciones ?? []) output += write(retencion, this.retencion);
    output += write(impuestos, this.retenidos);
    for (const traslado of impuestos.Traslados ?? []) output += write(traslado, this.traslado);
    return output + write(impuestos, this.trasladados);
  }
}
