/**
 * The PacClient over Finkok's SOAP services (stamp, cancel, utilities, and the manifest signing
 * service). Pointing `baseUrl` at Finkok (https://demo-facturacion.finkok.com or
 * https://facturacion.finkok.com) or at the simulator is configuration only. Every failure is a
 * ProviderError; a stamp whose answer was lost (timeout, network) is recovered with stamped().
 */
import { MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { systemClock } from '../../platform/clock.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { escapeXml, parameters, SoapCallError, SoapTransport, childText, findElement } from '../soap-client.ts';
import type { FetchFunction } from '../soap-client.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { cancelFolioCode, cancelRequestCode, providerError, stampCode } from './finkok-codes.ts';
import { cancelResultOf, stampResultOf } from './finkok-results.ts';
import type { FinkokStampResult } from './finkok-results.ts';
import { signFinkokManifest } from './finkok-manifest.ts';
import { authorityName, type SatAuthority } from '../sat/authority.ts';
import { readCfdiStatus } from '../sat/cfdi-status.ts';
import type { CfdiStatus, SatStatusQuery } from '../sat/cfdi-status.ts';
import type { ProviderCallRecorder } from '../../platform/metrics/types.ts';
import type { CancelRequest, CancelResult, ManifestRequest, ManifestResult, PacClient, StampResult } from './port.ts';

export interface FinkokOptions {
  /** Scheme and host of the PAC (or the simulator), without a trailing slash. */
  baseUrl: string;
  /** Host of the manifest signing service; Finkok runs it apart. Default: baseUrl. */
  manifestUrl?: string;
  username: string;
  password: string;
  /** Partner id for the manifest service. */
  snid?: string;
  /** Per-call timeout. Default 30 s (stamping may take a few seconds at the PAC). */
  timeoutMs?: number;
  /** A fetch to call through instead of node:http(s) with keep-alive (tests, custom transports). */
  fetch?: FetchFunction;
  clock?: Clock;
  /** Zone of the signing time written in the manifest contracts. */
  timeZone?: string;
  /** Who answers for the SAT behind this PAC, for messages: the SAT (default), or the simulator. */
  authority?: SatAuthority;
  /** Told of every call (service `pac`), for metrics. */
  recordCall?: ProviderCallRecorder | undefined;
}

type Service = 'stamp' | 'cancel' | 'utilities' | 'firmar';
const NAMESPACES: Record<Service, string> = {
  stamp: 'http://facturacion.finkok.com/stamp',
  cancel: 'http://facturacion.finkok.com/cancel',
  utilities: 'http://facturacion.finkok.com/utilities',
  firmar: 'http://facturacion.finkok.com/manifest',
};
const VIEWS_NAMESPACE = 'apps.services.soap.core.views';

/** An answer the client cannot read: the PAC may have acted, so the call may be retried. */
const MALFORMED = { retryable: true, failure: 'malformed' } as const;
/** The PAC's definitive no. */
const REFUSED = { retryable: false } as const;

/** Transport failures: the PAC may or may not have acted, so they are retryable. */
function transportError(error: SoapCallError, service: Service): ProviderError {
  const { failure, providerCode } = error;
  const options = { retryable: true, failure, providerCode };
  if (service !== 'firmar') return new ProviderError('pac.internal_error', error.message, options);
  const code =
    failure === 'timeout' || failure === 'unreachable'
      ? 'manifiesto.network_error'
      : failure === 'malformed'
        ? 'manifiesto.invalid_response'
        : 'manifiesto.provider_error';
  return new ProviderError(code, error.message, options);
}

export class FinkokPacClient implements PacClient {
  private readonly timeoutMs: number;
  private readonly clock: Clock;
  /** node:http(s) with keep-alive, unless the options bring their own fetch. */
  private readonly transport: SoapTransport;

  constructor(private readonly options: FinkokOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
    const record = options.recordCall;
    this.transport = new SoapTransport({
      fetch: options.fetch,
      recordCall: record ? (operation, outcome, seconds) => record('pac', operation, outcome, seconds) : undefined,
    });
  }

  /** Calls one operation; the parameters are already XML (use `parameters`). */
  async call(service: Service, operation: string, content: string): Promise<XmlElement> {
    const base = service === 'firmar' ? (this.options.manifestUrl ?? this.options.baseUrl) : this.options.baseUrl;
    const body = `<tns:${operation} xmlns:tns="${NAMESPACES[service]}" xmlns:s0="${VIEWS_NAMESPACE}">${content}</tns:${operation}>`;
    const call = { url: `${base}/servicios/soap/${service}`, action: operation, operation, body, timeoutMs: this.timeoutMs };
    try {
      return await this.transport.call(call);
    } catch (error) {
      if (error instanceof SoapCallError) throw transportError(error, service);
      throw error;
    }
  }

  private auth(): { username: string; password: string } {
    return { username: this.options.username, password: this.options.password };
  }

  /** xml (base64Binary: nothing in its alphabet needs escaping), username and password. */
  private xmlParameters(xml: string): string {
    return `<tns:xml>${Buffer.from(xml, 'utf8').toString('base64')}</tns:xml>${parameters('tns:', this.auth())}`;
  }

  private toStampResult(result: FinkokStampResult, duplicate: boolean): StampResult {
    return {
      uuid: result.uuid.toUpperCase(),
      xml: result.xml,
      fechaTimbrado: result.fecha,
      selloSat: result.satSeal,
      noCertificadoSat: result.noCertificadoSat,
      duplicate,
    };
  }

  private rejection(result: FinkokStampResult): ProviderError {
    const [first] = result.incidencias;
    if (!first) return new ProviderError('pac.internal_error', 'The PAC answered without a stamp and without incidencias.', MALFORMED);
    const detail = result.incidencias.map((item) => `${item.code}: ${item.message}`).join('; ');
    return providerError(stampCode(first.code, first.message), detail, first.code);
  }

  async stamp(xml: string): Promise<StampResult> {
    const body = await this.call('stamp', 'stamp', this.xmlParameters(xml));
    const result = stampResultOf(body, 'stamp');
    if (!result) throw new ProviderError('pac.internal_error', 'The answer has no stampResult.', MALFORMED);
    const previous = result.incidencias.some((item) => item.code === '307');
    // 307 with the earlier stamp attached: the same comprobante was stamped before; that UUID stands.
    if (result.uuid !== '' && result.xml !== '' && (result.codEstatus !== '' || previous)) return this.toStampResult(result, previous);
    throw this.rejection(result);
  }

  async stamped(xml: string): Promise<StampResult | null> {
    const body = await this.call('stamp', 'stamped', this.xmlParameters(xml));
    const result = stampResultOf(body, 'stamped');
    if (!result) throw new ProviderError('pac.internal_error', 'The answer has no stampedResult.', MALFORMED);
    if (result.uuid !== '' && result.xml !== '') return this.toStampResult(result, true);
    if (result.incidencias.some((item) => item.code === '603')) return null;
    throw this.rejection(result);
  }

  async stampedXml(uuid: string, rfcEmisor: string): Promise<string | null> {
    const body = await this.call('utilities', 'get_xml', parameters('tns:', { ...this.auth(), uuid, taxpayer_id: rfcEmisor, invoice_type: 'I' }));
    const xml = childText(body, 'xml');
    if (xml !== '') return xml;
    const error = childText(body, 'error');
    if (/usuario|contraseña/i.test(error)) throw new ProviderError('pac.auth_failed', error, REFUSED);
    return null;
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    const certificate = `-----BEGIN CERTIFICATE-----\n${Buffer.from(request.certificateDer).toString('base64')}\n-----END CERTIFICATE-----\n`;
    // Finkok expects the key as PEM encrypted with the account password.
    const key = request.privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: this.options.password });
    const folio = `<s0:UUID UUID="${escapeXml(request.uuid)}" Motivo="${escapeXml(request.motivo)}"${request.folioSustitucion ? ` FolioSustitucion="${escapeXml(request.folioSustitucion)}"` : ''}/>`;
    const content = `<tns:UUIDS>${folio}</tns:UUIDS>${parameters('tns:', {
      ...this.auth(),
      taxpayer_id: request.rfcEmisor,
      cer: Buffer.from(certificate).toString('base64'),
      key: Buffer.from(key).toString('base64'),
      store_pending: 'false',
    })}`;
    const result = cancelResultOf(await this.call('cancel', 'cancel', content));
    if (!result) throw new ProviderError('pac.internal_error', 'The answer has no cancelResult.', MALFORMED);
    const line = result.folios.find((item) => item.uuid === request.uuid.toUpperCase()) ?? result.folios[0];
    if (!line) {
      const code = result.codEstatus || 'sin código';
      throw providerError(cancelRequestCode(code), `The PAC rejected the cancellation request (CodEstatus ${code}).`, code);
    }
    if (line.estatusUuid !== '201') {
      const who = authorityName(this.options.authority ?? 'sat', true);
      throw providerError(cancelFolioCode(line.estatusUuid), `${who} answered ${line.estatusUuid} ${line.estatusCancelacion}`.trim(), line.estatusUuid);
    }
    const cancelled = /^Cancelado/.test(line.estatusCancelacion) || line.estatusCancelacion === 'Plazo vencido';
    return { uuid: line.uuid, status: cancelled ? 'cancelled' : 'pending', estatusCancelacion: line.estatusCancelacion, acuse: result.acuse || undefined };
  }

  async cancellationStatus(query: SatStatusQuery): Promise<CfdiStatus> {
    const body = await this.call(
      'cancel',
      'get_sat_status',
      parameters('tns:', {
        ...this.auth(),
        taxpayer_id: query.rfcEmisor,
        rtaxpayer_id: query.rfcReceptor,
        uuid: query.uuid,
        total: query.total,
      }),
    );
    const sat = findElement(body, 'sat');
    if (!sat) {
      const error = childText(body, 'error');
      if (/usuario|contraseña/i.test(error)) throw new ProviderError('pac.auth_failed', error, REFUSED);
      const who = authorityName(this.options.authority ?? 'sat');
      throw new ProviderError('cancel.sat_service_unavailable', error || `The PAC answered without the status from ${who}.`, { retryable: true });
    }
    return readCfdiStatus(sat, this.options.authority);
  }

  async acuse(uuid: string, rfcEmisor: string): Promise<string> {
    const body = await this.call('cancel', 'get_receipt', parameters('tns:', { ...this.auth(), taxpayer_id: rfcEmisor, uuid, type: 'C' }));
    const receipt = childText(body, 'receipt');
    if (childText(body, 'success') === 'true' && receipt !== '') return receipt;
    const error = childText(body, 'error');
    if (/usuario|contraseña/i.test(error)) throw new ProviderError('pac.auth_failed', error, REFUSED);
    if (/no encontrado|no existe el uuid/i.test(error)) throw new ProviderError('cancel.uuid_not_found', error, REFUSED);
    throw new ProviderError('cancel.no_acuse', error || 'The PAC has no acuse for this UUID.', REFUSED);
  }

  signManifest(request: ManifestRequest): Promise<ManifestResult> {
    return signFinkokManifest(this, request, { snid: this.options.snid ?? '', clock: this.clock, timeZone: this.options.timeZone ?? MEXICO_CITY_TIME_ZONE });
  }
}
