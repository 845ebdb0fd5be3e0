/**
 * Client of the SAT's CFDI status service, ConsultaCFDIService.svc (SOAP 1.1, SOAPAction
 * http://tempuri.org/IConsultaCFDIService/Consulta). The URL is configuration: the SAT's
 * https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc or the simulator's.
 * "N - 601" (invalid expression) is a finding no retry changes (cfdi.invalid_expression, also when
 * the expression cannot even be written: a Total that is no amount); "N - 602" is a normal answer
 * (found: false); only a service that cannot be reached or fails (faults, HTTP errors, timeouts,
 * an answer without a result) is cfdi.status_indeterminate. Its messages name who answered: the
 * SAT, or the simulator standing in for it.
 */
import { Decimal } from 'decimal.js';
import { formatVerificationRfc, verificationExpression } from '../../cfdi/qr.ts';
import { parseXml } from '../../cfdi/xml/parse.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { escapeXml, findElement, SOAP11_NAMESPACE, SoapCallError, SoapTransport } from '../soap-client.ts';
import type { FetchFunction } from '../soap-client.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { ProviderCallRecorder } from '../../platform/metrics/types.ts';
import { authorityName, type SatAuthority } from './authority.ts';
import { readCfdiStatus } from './cfdi-status.ts';
import type { CfdiStatus, SatStatusQuery } from './cfdi-status.ts';

export const SAT_STATUS_URL = 'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc';
export const CONSULTA_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';
/** An answer that cannot be read: asking again may succeed. */
const MALFORMED = { retryable: true, failure: 'malformed' } as const;

export interface CfdiStatusQuery extends SatStatusQuery {
  /** The CFDI's Sello; with it the 3.3/4.0 expression (with fe) is sent, without it the short form. */
  sello?: string;
}

export interface SatStatusClientOptions {
  url?: string;
  /** Who answers at `url`, for messages (default the SAT). */
  authority?: SatAuthority;
  timeoutMs?: number;
  /** A fetch to call through instead of node:http(s) with keep-alive (tests, custom transports). */
  fetch?: FetchFunction;
  /** Told of every call (service `sat_status`, operation `consulta`), for metrics. */
  recordCall?: ProviderCallRecorder | undefined;
}

/** Reads a ConsultaResponse (the SOAP Body or the whole envelope); "N - 601" throws cfdi.invalid_expression. */
function readConsultaResult(body: XmlElement, authority: SatAuthority): CfdiStatus {
  const result = findElement(body, 'ConsultaResult');
  if (!result) {
    throw new ProviderError('cfdi.status_indeterminate', `${authorityName(authority, true)} answered without a ConsultaResult.`, MALFORMED);
  }
  return readCfdiStatus(result, authority);
}

/** Parses a complete response envelope (used for recorded responses too). */
export function parseConsultaResponse(xml: string, authority: SatAuthority = 'sat'): CfdiStatus {
  const root = parseXml(xml);
  if (root.local !== 'Envelope' || root.namespace !== SOAP11_NAMESPACE) {
    throw new ProviderError('cfdi.status_indeterminate', 'The answer is not a SOAP envelope.', MALFORMED);
  }
  return readConsultaResult(root, authority);
}

/** The expression for a query: the 4.0 QR content when the Sello is known, else `?re=&rr=&tt=&id=`. */
export function expressionFor(query: CfdiStatusQuery): string {
  if (query.sello) {
    return verificationExpression({ uuid: query.uuid, rfcEmisor: query.rfcEmisor, rfcReceptor: query.rfcReceptor, total: query.total, sello: query.sello });
  }
  // CFDI 3.2 form: tt with 10 integer digits and 6 decimals, zero-padded.
  const total = new Decimal(query.total).toFixed(6).padStart(17, '0');
  return `?re=${formatVerificationRfc(query.rfcEmisor)}&rr=${formatVerificationRfc(query.rfcReceptor)}&tt=${total}&id=${query.uuid}`;
}

export class SatStatusClient {
  private readonly transport: SoapTransport;
  /** Who answers: the SAT, or the simulator standing in for it. */
  readonly authority: SatAuthority;

  constructor(private readonly options: SatStatusClientOptions = {}) {
    const record = options.recordCall;
    this.transport = new SoapTransport({
      fetch: options.fetch,
      recordCall: record ? (operation, outcome, seconds) => record('sat_status', operation, outcome, seconds) : undefined,
    });
    this.authority = options.authority ?? 'sat';
  }

  async queryExpression(expression: string): Promise<CfdiStatus> {
    const body = `<tem:Consulta xmlns:tem="http://tempuri.org/"><tem:expresionImpresa>${escapeXml(expression)}</tem:expresionImpresa></tem:Consulta>`;
    try {
      const response = await this.transport.call({
        url: this.options.url ?? SAT_STATUS_URL,
        action: CONSULTA_ACTION,
        operation: 'consulta',
        body,
        timeoutMs: this.options.timeoutMs ?? 15_000,
      });
      return readConsultaResult(response, this.authority);
    } catch (error) {
      if (!(error instanceof SoapCallError)) throw error;
      throw new ProviderError('cfdi.status_indeterminate', error.message, { retryable: true, failure: error.failure, providerCode: error.providerCode });
    }
  }

  async query(query: CfdiStatusQuery): Promise<CfdiStatus> {
    let expression: string;
    try {
      expression = expressionFor(query);
    } catch (error) {
      // The expression cannot be written (a Total that is no amount): what the SAT calls invalid.
      if (!(error instanceof RangeError)) throw error;
      throw new ProviderError('cfdi.invalid_expression', `No status query can be written for this CFDI: ${error.message}`, { retryable: false, cause: error });
    }
    return this.queryExpression(expression);
  }
}
