/**
 * The SAT's answer about one CFDI, as ConsultaCFDIService gives it (ConsultaResult) and as a PAC
 * relays it (Finkok's get_sat_status answers it under `sat`): CodigoEstatus, Estado, EsCancelable,
 * EstatusCancelacion and ValidacionEFOS as the SAT writes them, and what a program switches on.
 */
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { childText } from '../soap-client.ts';
import { authorityName, type SatAuthority } from './authority.ts';

/** The CFDI a status query is about. */
export interface SatStatusQuery {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** Total as written in the CFDI. */
  total: string;
}

type Cancellability = 'with_acceptance' | 'without_acceptance' | 'not_cancellable';

export interface CfdiStatus {
  /** CodigoEstatus "S - …" with Estado Vigente or Cancelado. */
  found: boolean;
  codigoEstatus: string;
  /** Vigente, Cancelado or No Encontrado. */
  estado: string;
  esCancelable: string;
  estatusCancelacion: string;
  validacionEfos: string;
  /** EsCancelable in words a program can switch on (null when not found). */
  cancellable: Cancellability | null;
  /** ValidacionEFOS other than 200/201: the emisor is in the SAT's EFOS list. */
  efosListed: boolean;
}

function cancellability(esCancelable: string): Cancellability {
  if (esCancelable === 'Cancelable sin aceptación') return 'without_acceptance';
  if (esCancelable === 'Cancelable con aceptación') return 'with_acceptance';
  return 'not_cancellable';
}

/**
 * Reads the answer from the element that holds its fields (ConsultaResult, or the PAC's `sat`).
 * "N - 601: La expresión impresa proporcionada no es válida." is no status but a refusal of the
 * query (a malformed UUID, RFC or Total): cfdi.invalid_expression, which no retry changes.
 */
export function readCfdiStatus(result: XmlElement, authority: SatAuthority = 'sat'): CfdiStatus {
  const codigoEstatus = childText(result, 'CodigoEstatus');
  if (codigoEstatus.startsWith('N - 601')) {
    throw new ProviderError('cfdi.invalid_expression', `${authorityName(authority, true)} refused the query: ${codigoEstatus}`, {
      retryable: false,
      providerCode: '601',
    });
  }
  const estado = childText(result, 'Estado');
  const found = codigoEstatus.startsWith('S - ') && (estado === 'Vigente' || estado === 'Cancelado');
  const esCancelable = childText(result, 'EsCancelable');
  const validacionEfos = childText(result, 'ValidacionEFOS');
  return {
    found,
    codigoEstatus,
    estado,
    esCancelable,
    estatusCancelacion: childText(result, 'EstatusCancelacion'),
    validacionEfos,
    cancellable: found ? cancellability(esCancelable) : null,
    efosListed: found && validacionEfos !== '' && validacionEfos !== '200' && validacionEfos !== '201',
  };
}
