/**
 * The service's client for the SAT bulk download web services (descarga masiva), built on
 * @nodecfdi/sat-ws-descarga-masiva: its FIEL request builder signs every message and its
 * translators read every answer; this module only adds the transport (fetch), the clock (so the
 * WS-Security Timestamp follows the injected time, as the simulator's does) and the mapping of
 * the SAT's codes to the service's error catalog. Pointing it at the SAT or at the simulator is
 * only a matter of URLs.
 */
import { performance } from 'node:perf_hooks';
import {
  AuthenticateTranslator,
  DateTime,
  DateTimePeriod,
  DocumentStatus,
  DocumentType,
  DownloadTranslator,
  DownloadType,
  Fiel,
  FielRequestBuilder,
  InteractsXmlTrait,
  QueryParameters,
  QueryTranslator,
  RequestType,
  RfcMatch,
  ServiceConsumer,
  SoapFaultError,
  Uuid,
  VerifyTranslator,
  WebClientException,
} from '@nodecfdi/sat-ws-descarga-masiva';
import type { ProviderCallRecorder } from '../../../platform/metrics/types.ts';
import type { Token } from '@nodecfdi/sat-ws-descarga-masiva';
import { systemClock } from '../../../platform/clock.ts';
import type { Clock } from '../../../platform/clock.ts';
import { serviceEndpoints } from './endpoints.ts';
import type { DescargaUrls } from './endpoints.ts';
import { ProviderError } from '../../../platform/providers/errors.ts';
import { downloadFailure, requestFailure, STATES, verifyFailure } from './status-mapping.ts';
import type { DescargaState, DescargaStatus } from './status-mapping.ts';
import { FetchWebClient, TIMEOUT_STATUS } from './transport.ts';

export interface DescargaClientOptions {
  urls: DescargaUrls;
  /** The taxpayer's e.firma as the SAT issues it (.cer DER or PEM, .key encrypted DER or PEM). */
  fiel: { certificate: Uint8Array; privateKey: Uint8Array; password: string };
  clock?: Clock;
  /** Per HTTP call (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told of every call (service `sat_descarga`), for metrics. */
  recordCall?: ProviderCallRecorder;
}

export interface DescargaRequestInput {
  side: 'issued' | 'received';
  type: 'cfdi' | 'metadata';
  /** Local Mexico City time `YYYY-MM-DDTHH:mm:ss` (the SAT's FechaInicial / FechaFinal). */
  from: string;
  to: string;
  /** Default: every status, except received XML, which the SAT serves only while vigente. */
  status?: 'active' | 'cancelled' | 'all';
  /** The other party: receptor of issued CFDIs, emisor of received ones. */
  counterpart?: string;
  /** TipoDeComprobante: I, E, T, N or P; every type when absent. */
  voucherType?: 'I' | 'E' | 'T' | 'N' | 'P';
  /** One CFDI by its UUID (SolicitaDescargaFolio); the other filters are then ignored. */
  uuid?: string;
}

export interface DescargaVerification {
  state: DescargaState;
  /** CodigoEstadoSolicitud: 5000, 5003 (over the SAT's limit), 5004 (nothing found), ... */
  code: number;
  count: number;
  packageIds: string[];
  status: DescargaStatus;
}

export interface DescargaClient {
  authenticate(): Promise<{ expiresAt: Date }>;
  request(input: DescargaRequestInput): Promise<{ requestId: string; status: DescargaStatus }>;
  verify(requestId: string): Promise<DescargaVerification>;
  /** The package's zip bytes. */
  download(packageId: string): Promise<Buffer>;
}

type Operation = 'authenticate' | 'request' | 'verify' | 'download';

/** How a failed exchange is named in metrics, as the SOAP transport names its failures. */
function failureKind(error: unknown): string {
  if (error instanceof SoapFaultError) return 'fault';
  if (!(error instanceof WebClientException)) return 'error';
  const status = error.getResponse().getStatusCode();
  if (status === TIMEOUT_STATUS) return 'timeout';
  if (status === 0) return 'network';
  return status >= 400 ? 'http' : 'invalid_response';
}

const ACTIONS = {
  authenticate: 'http://DescargaMasivaTerceros.gob.mx/IAutenticacion/Autentica',
  request: 'http://DescargaMasivaTerceros.sat.gob.mx/ISolicitaDescargaService/',
  verify: 'http://DescargaMasivaTerceros.sat.gob.mx/IVerificaSolicitudDescargaService/VerificaSolicitudDescarga',
  download: 'http://DescargaMasivaTerceros.sat.gob.mx/IDescargaMasivaTercerosService/Descargar',
};
const TOKEN_MS = 5 * 60_000;
/** Renew the token a little before the SAT's 5 minutes run out. */
const TOKEN_MARGIN_MS = 30_000;
const INVALID_USER = 300;

function openFiel(fiel: DescargaClientOptions['fiel']): Fiel {
  try {
    return Fiel.create(Buffer.from(fiel.certificate).toString('binary'), Buffer.from(fiel.privateKey).toString('binary'), fiel.password);
  } catch (error) {
    throw new ProviderError('fiscal_profile.invalid_fiel', 'The FIEL certificate, key or password could not be opened.', { retryable: false, cause: error });
  }
}

function transportFailure(error: unknown): ProviderError {
  if (error instanceof SoapFaultError) {
    // Autentica answers InvalidSecurity when the FIEL is refused (expired, revoked, a CSD, bad signature).
    const fault = error.getFault();
    return new ProviderError('sat.download_rejected', `SAT fault ${fault.getCode()}: ${fault.getMessage()}`, {
      providerCode: fault.getCode(),
      retryable: false,
      cause: error,
    });
  }
  const status = error instanceof WebClientException ? error.getResponse().getStatusCode() : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const kind = failureKind(error);
  return new ProviderError('download.request_failed', `SAT bulk download unreachable or failing: ${message}`, {
    ...(status ? { providerCode: `HTTP ${status}` } : {}),
    failure: kind === 'timeout' ? 'timeout' : kind === 'network' ? 'unreachable' : kind === 'http' ? 'refused' : 'malformed',
    retryable: true,
    cause: error,
  });
}

const VOUCHER_TYPES = { I: 'ingreso', E: 'egreso', T: 'traslado', N: 'nomina', P: 'pago' } as const;

function seconds(instant: Date): DateTime {
  return DateTime.create(Math.floor(instant.getTime() / 1000));
}

function queryParameters(input: DescargaRequestInput): QueryParameters {
  if (input.uuid !== undefined) return QueryParameters.create().withUuid(Uuid.create(input.uuid));
  const period = DateTimePeriod.createFromValues(input.from.replace('T', ' '), input.to.replace('T', ' '));
  const defaultStatus = input.side === 'received' && input.type === 'cfdi' ? 'active' : 'all';
  const status = input.status ?? defaultStatus;
  let parameters = QueryParameters.create(period, new DownloadType(input.side), new RequestType(input.type === 'cfdi' ? 'xml' : 'metadata')).withDocumentStatus(
    new DocumentStatus(status === 'all' ? 'undefined' : status),
  );
  if (input.counterpart !== undefined) parameters = parameters.withRfcMatch(RfcMatch.create(input.counterpart));
  if (input.voucherType !== undefined) parameters = parameters.withDocumentType(new DocumentType(VOUCHER_TYPES[input.voucherType]));
  return parameters;
}

class NodecfdiDescargaClient implements DescargaClient {
  private readonly builder: FielRequestBuilder;
  private readonly webClient: FetchWebClient;
  private readonly endpoints;
  private readonly clock: Clock;
  private readonly recordCall: ProviderCallRecorder | undefined;
  private token: { value: Token; expiresAt: Date } | undefined;

  constructor(options: DescargaClientOptions) {
    this.recordCall = options.recordCall;
    this.builder = new FielRequestBuilder(openFiel(options.fiel));
    this.webClient = new FetchWebClient({ timeoutMs: options.timeoutMs ?? 30_000, ...(options.fetch ? { fetch: options.fetch } : {}) });
    this.endpoints = serviceEndpoints(options.urls);
    this.clock = options.clock ?? systemClock;
  }

  async authenticate(): Promise<{ expiresAt: Date }> {
    const created = this.clock.now();
    const translator = new AuthenticateTranslator();
    const body = translator.createSoapRequestWithData(this.builder, seconds(created), seconds(new Date(created.getTime() + TOKEN_MS)));
    const answer = await this.consume('authenticate', ACTIONS.authenticate, this.endpoints.getAuthenticate(), body);
    const token = translator.createTokenFromSoapResponse(answer);
    if (token.isValueEmpty()) {
      throw new ProviderError('download.request_failed', 'The SAT authentication answer carried no token.', { retryable: true, failure: 'malformed' });
    }
    const expires = new Date(token.getExpires().toJSON() * 1000);
    const expiresAt = Number.isNaN(expires.getTime()) || expires.getTime() <= created.getTime() ? new Date(created.getTime() + TOKEN_MS) : expires;
    this.token = { value: token, expiresAt };
    return { expiresAt };
  }

  async request(input: DescargaRequestInput): Promise<{ requestId: string; status: DescargaStatus }> {
    const parameters = queryParameters(input);
    const operation = input.uuid !== undefined ? 'SolicitaDescargaFolio' : input.side === 'received' ? 'SolicitaDescargaRecibidos' : 'SolicitaDescargaEmitidos';
    const translator = new QueryTranslator();
    const result = await this.withToken(
      async (token) => {
        const answer = await this.consume(
          'request',
          `${ACTIONS.request}${operation}`,
          this.endpoints.getQuery(),
          translator.createSoapRequest(this.builder, parameters),
          token,
        );
        return translator.createQueryResultFromSoapResponse(answer);
      },
      (parsed) => parsed.getStatus().getCode(),
    );
    const status = { code: result.getStatus().getCode(), message: result.getStatus().getMessage() };
    if (status.code !== 5000 || !result.getRequestId()) throw requestFailure(status);
    return { requestId: result.getRequestId(), status };
  }

  async verify(requestId: string): Promise<DescargaVerification> {
    const translator = new VerifyTranslator();
    const { result, raw } = await this.withToken(
      async (token) => {
        const answer = await this.consume('verify', ACTIONS.verify, this.endpoints.getVerify(), translator.createSoapRequest(this.builder, requestId), token);
        return { result: translator.createVerifyResultFromSoapResponse(answer), raw: verifyAttributes(answer) };
      },
      (parsed) => parsed.result.getStatus().getCode(),
    );
    const status = { code: result.getStatus().getCode(), message: result.getStatus().getMessage() };
    if (status.code !== 5000) throw verifyFailure(status, requestId);
    return {
      state: STATES[result.getStatusRequest().getValue() ?? 0] ?? 'unknown',
      code: result.getCodeRequest().getValue() ?? Number(raw.codigoestadosolicitud ?? 0),
      count: result.getNumberCfdis(),
      packageIds: result.getPackageIds(),
      status,
    };
  }

  async download(packageId: string): Promise<Buffer> {
    const translator = new DownloadTranslator();
    const result = await this.withToken(
      async (token) => {
        const answer = await this.consume(
          'download',
          ACTIONS.download,
          this.endpoints.getDownload(),
          translator.createSoapRequest(this.builder, packageId),
          token,
        );
        return translator.createDownloadResultFromSoapResponse(answer);
      },
      (parsed) => parsed.getStatus().getCode(),
    );
    const status = { code: result.getStatus().getCode(), message: result.getStatus().getMessage() };
    if (status.code !== 5000 || result.getPackageContent() === '') throw downloadFailure(status, packageId);
    return Buffer.from(result.getPackageContent(), 'base64');
  }

  /** Runs a call with a current token; on 300 (token refused) authenticates again and retries once. */
  private async withToken<T>(call: (token: Token) => Promise<T>, codeOf: (result: T) => number): Promise<T> {
    const now = this.clock.now().getTime();
    if (!this.token || now >= this.token.expiresAt.getTime() - TOKEN_MARGIN_MS) await this.authenticate();
    const first = await call(this.token!.value);
    if (codeOf(first) !== INVALID_USER) return first;
    await this.authenticate();
    return call(this.token!.value);
  }

  private async consume(operation: Operation, action: string, url: string, body: string, token?: Token): Promise<string> {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await ServiceConsumer.consume(this.webClient, action, url, body, token);
    } catch (error) {
      outcome = failureKind(error);
      throw transportFailure(error);
    } finally {
      this.recordCall?.('sat_descarga', operation, outcome, (performance.now() - started) / 1000);
    }
  }
}

/** CodigoEstadoSolicitud as sent, for codes the library's enumeration does not know. */
function verifyAttributes(answer: string): Record<string, string> {
  const reader = new InteractsXmlTrait();
  return reader.findAtrributes(reader.readXmlElement(answer), 'body', 'VerificaSolicitudDescargaResponse', 'VerificaSolicitudDescargaResult');
}

export function createDescargaClient(options: DescargaClientOptions): DescargaClient {
  return new NodecfdiDescargaClient(options);
}
