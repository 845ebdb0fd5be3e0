/** Reading Finkok's result elements (stampResult, cancelResult, ...) into plain data. */
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { childElements, findElement, textOf, childText } from '../soap-client.ts';

interface FinkokIncidencia {
  code: string;
  message: string;
}

export interface FinkokStampResult {
  xml: string;
  uuid: string;
  fecha: string;
  codEstatus: string;
  satSeal: string;
  noCertificadoSat: string;
  incidencias: FinkokIncidencia[];
}

function incidenciasOf(result: XmlElement): FinkokIncidencia[] {
  const list = findElement(result, 'Incidencias');
  return (list ? childElements(list, 'Incidencia') : []).map((item) => ({
    code: childText(item, 'CodigoError'),
    message: childText(item, 'MensajeIncidencia'),
  }));
}

/** The text of a direct child (not a descendant: the stamped xml itself contains "UUID" attributes only, but be strict). */
function field(result: XmlElement, local: string): string {
  const found = childElements(result, local)[0];
  return found ? textOf(found) : '';
}

export function stampResultOf(body: XmlElement, operation: string): FinkokStampResult | undefined {
  const result = findElement(body, `${operation}Result`);
  if (!result) return undefined;
  return {
    xml: field(result, 'xml'),
    uuid: field(result, 'UUID').trim(),
    fecha: field(result, 'Fecha').trim(),
    codEstatus: field(result, 'CodEstatus').trim(),
    satSeal: field(result, 'SatSeal').trim(),
    noCertificadoSat: field(result, 'NoCertificadoSAT').trim(),
    incidencias: incidenciasOf(result),
  };
}

interface FinkokFolio {
  uuid: string;
  estatusUuid: string;
  estatusCancelacion: string;
}

export interface FinkokCancelResult {
  folios: FinkokFolio[];
  acuse: string;
  codEstatus: string;
}

export function cancelResultOf(body: XmlElement): FinkokCancelResult | undefined {
  const result = findElement(body, 'cancelResult') ?? findElement(body, 'cancel_signatureResult');
  if (!result) return undefined;
  const folios = findElement(result, 'Folios');
  return {
    folios: (folios ? childElements(folios, 'Folio') : []).map((folio) => ({
      uuid: childText(folio, 'UUID').toUpperCase(),
      estatusUuid: childText(folio, 'EstatusUUID'),
      estatusCancelacion: childText(folio, 'EstatusCancelacion'),
    })),
    acuse: field(result, 'Acuse'),
    codEstatus: field(result, 'CodEstatus').trim(),
  };
}
