/**
 * Readers for the complements the model types: Pagos 2.0 (Pagos20.xsd) and
 * TimbreFiscalDigital 1.1 (TimbreFiscalDigitalv11.xsd).
 */
import type {
  DoctoRelacionado,
  ImpuestosDR,
  ImpuestosP,
  Pago,
  Pagos,
  RetencionDR,
  RetencionP,
  TimbreFiscalDigital,
  TrasladoDR,
  TrasladoP,
  PagosTotales,
} from '../model.ts';
import { PAGOS20_NAMESPACE } from '../model.ts';
import * as names from './cfdi-schema.ts';
import { Children, malformed, readAttributes } from './reader.ts';
import { isElement } from './tree.ts';
import type { XmlElement } from './tree.ts';

function pagoChildren(element: XmlElement, path: string, allowed: readonly string[]): Children {
  return new Children(element, path, PAGOS20_NAMESPACE, 'pago20', allowed);
}

function impuestosDR(element: XmlElement, path: string): ImpuestosDR {
  const children = pagoChildren(element, path, ['RetencionesDR', 'TrasladosDR']);
  const result: ImpuestosDR = {};
  const retenciones = children.optional('RetencionesDR');
  if (retenciones) {
    result.RetencionesDR =
      pagoChildren(retenciones.element, retenciones.path, ['RetencionDR']).map(
        'RetencionDR',
        (e, p) => readAttributes(e, p, names.RETENCION_DR_ATTRIBUTES, names.RETENCION_DR_ATTRIBUTES) as RetencionDR,
      ) ?? [];
  }
  const traslados = children.optional('TrasladosDR');
  if (traslados) {
    result.TrasladosDR =
      pagoChildren(traslados.element, traslados.path, ['TrasladoDR']).map(
        'TrasladoDR',
        (e, p) => readAttributes(e, p, names.TRASLADO_DR_ATTRIBUTES, ['BaseDR', 'ImpuestoDR', 'TipoFactorDR']) as TrasladoDR,
      ) ?? [];
  }
  return result;
}

function doctoRelacionado(element: XmlElement, path: string): DoctoRelacionado {
  const result = readAttributes(element, path, names.DOCTO_RELACIONADO_ATTRIBUTES, [
    'IdDocumento',
    'MonedaDR',
    'NumParcialidad',
    'ImpSaldoAnt',
    'ImpPagado',
    'ImpSaldoInsoluto',
    'ObjetoImpDR',
  ]) as DoctoRelacionado;
  const taxes = pagoChildren(element, path, ['ImpuestosDR']).optional('ImpuestosDR');
  if (taxes) result.ImpuestosDR = impuestosDR(taxes.element, taxes.path);
  return result;
}

function impuestosP(element: XmlElement, path: string): ImpuestosP {
  const children = pagoChildren(element, path, ['RetencionesP', 'TrasladosP']);
  const result: ImpuestosP = {};
  const retenciones = children.optional('RetencionesP');
  if (retenciones) {
    result.RetencionesP =
      pagoChildren(retenciones.element, retenciones.path, ['RetencionP']).map(
        'RetencionP',
        (e, p) => readAttributes(e, p, names.RETENCION_P_ATTRIBUTES, names.RETENCION_P_ATTRIBUTES) as RetencionP,
      ) ?? [];
  }
  const traslados = children.optional('TrasladosP');
  if (traslados) {
    result.TrasladosP =
      pagoChildren(traslados.element, traslados.path, ['TrasladoP']).map(
        'TrasladoP',
        (e, p) => readAttributes(e, p, names.TRASLADO_P_ATTRIBUTES, ['BaseP', 'ImpuestoP', 'TipoFactorP']) as TrasladoP,
      ) ?? [];
  }
  return result;
}

function pago(element: XmlElement, path: string): Pago {
  const attributes = readAttributes(element, path, names.PAGO_ATTRIBUTES, ['FechaPago', 'FormaDePagoP', 'MonedaP', 'Monto']);
  const children = pagoChildren(element, path, ['DoctoRelacionado', 'ImpuestosP']);
  const result: Pago = { ...attributes, DoctoRelacionado: children.map('DoctoRelacionado', doctoRelacionado) ?? [] };
  const taxes = children.optional('ImpuestosP');
  if (taxes) result.ImpuestosP = impuestosP(taxes.element, taxes.path);
  return result;
}

export function readPagos(element: XmlElement, path: string): Pagos {
  const attributes = readAttributes(element, path, names.PAGOS_ATTRIBUTES, names.PAGOS_ATTRIBUTES);
  if (attributes.Version !== '2.0') throw malformed(`Pagos Version must be 2.0, not "${attributes.Version}"`, `${path}/@Version`);
  const children = pagoChildren(element, path, ['Totales', 'Pago']);
  const totales = children.required('Totales');
  return {
    Version: '2.0',
    Totales: readAttributes(totales.element, totales.path, names.PAGOS_TOTALES_ATTRIBUTES, ['MontoTotalPagos']) as PagosTotales,
    Pago: children.map('Pago', pago) ?? [],
  };
}

export function readTimbre(element: XmlElement, path: string): TimbreFiscalDigital {
  const attributes = readAttributes(element, path, names.TFD_ATTRIBUTES, [
    'Version',
    'UUID',
    'FechaTimbrado',
    'RfcProvCertif',
    'SelloCFD',
    'NoCertificadoSAT',
    'SelloSAT',
  ]);
  if (element.children.some((child) => isElement(child) || child.text.trim() !== '')) {
    throw malformed('TimbreFiscalDigital must be empty', path);
  }
  return { ...attributes, Version: '1.1' };
}
