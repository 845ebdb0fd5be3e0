/**
 * The parameters of SolicitaDescargaEmitidos / Recibidos / Folio (SAT WS v1.5), read from the
 * signed `des:solicitud` and checked as the SAT checks them: 303 when the FIEL is not the RFC the
 * request speaks for, 301 with the SAT's explanation for invalid values.
 */
import { childElement, elementChildren } from '../../cfdi/xml/libxml2-document.ts';
import { CodEstatus, malformed } from './codes.ts';
import type { SatStatus } from './codes.ts';
import { COMPLEMENTO_CODES } from './complementos.ts';
import { DESCARGA_NAMESPACE } from './envelope.ts';
import { localDateTime } from './local-time.ts';
import type { SignedRequest } from './signed-request.ts';

export type Operation = 'emitidos' | 'recibidos' | 'folio';
type RequestType = 'CFDI' | 'Metadata';
type EstadoComprobante = 'Todos' | 'Vigente' | 'Cancelado';

export interface DescargaQuery {
  operation: Operation;
  requestType: RequestType;
  /** RfcSolicitante: the RFC of the FIEL that signed. */
  requester: string;
  /** FechaInicial / FechaFinal, local time `YYYY-MM-DDTHH:mm:ss` (absent for a folio). */
  from?: string;
  to?: string;
  tipoComprobante?: string;
  estado: EstadoComprobante;
  /** The other party: RfcReceptores of an issued request, RfcEmisor of a received one. */
  counterparts: string[];
  terceros?: string;
  complemento?: string;
  /** UUID of a folio request, upper case. */
  folio?: string;
}

export const OPERATIONS: Record<string, Operation> = {
  SolicitaDescargaEmitidos: 'emitidos',
  SolicitaDescargaRecibidos: 'recibidos',
  SolicitaDescargaFolio: 'folio',
};

const RFC = /^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const TIPOS = new Set(['I', 'E', 'T', 'N', 'P']);
const ESTADOS = new Set<string>(['Todos', 'Vigente', 'Cancelado']);
// SAT: the service keeps six years of history, the current one included.
const HISTORY_YEARS = 6;

export type QueryResult = { ok: true; query: DescargaQuery } | { ok: false; status: SatStatus };

function validDateTime(value: string | undefined): value is string {
  const match = value === undefined ? null : DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60 && second! < 60;
}

function receptores(request: SignedRequest): string[] {
  const list = childElement(request.element, DESCARGA_NAMESPACE, 'RfcReceptores');
  return list ? elementChildren(list).map((child) => child.content.trim()) : [];
}

function rejected(status: SatStatus): QueryResult {
  return { ok: false, status };
}

/** The RFC the request speaks for must be the FIEL's (303), and so must RfcSolicitante. */
function owner(request: SignedRequest, operation: Operation): string | undefined {
  const parameters = request.parameters;
  if (operation === 'emitidos') return parameters.get('RfcEmisor');
  if (operation === 'recibidos') return parameters.get('RfcReceptor');
  return parameters.get('RfcSolicitante');
}

export function readQuery(request: SignedRequest, operation: Operation, now: Date, timeZone: string): QueryResult {
  const parameters = request.parameters;
  const signer = request.certificate.rfc;
  const requester = parameters.get('RfcSolicitante');
  if (owner(request, operation) !== signer || (requester !== undefined && requester !== signer)) {
    return rejected(CodEstatus.sealNotRequester);
  }
  if (operation === 'folio') {
    const folio = parameters.get('Folio');
    if (folio === undefined || !UUID.test(folio)) return rejected(malformed('El Folio no es un UUID válido.'));
    return { ok: true, query: { operation, requestType: 'CFDI', requester: signer, estado: 'Todos', counterparts: [], folio: folio.toUpperCase() } };
  }
  return readPeriodQuery(request, operation, signer, now, timeZone);
}

function readPeriodQuery(request: SignedRequest, operation: Operation, signer: string, now: Date, timeZone: string): QueryResult {
  const parameters = request.parameters;
  const from = parameters.get('FechaInicial');
  const to = parameters.get('FechaFinal');
  if (!validDateTime(from) || !validDateTime(to)) return rejected(malformed('FechaInicial y FechaFinal deben tener la forma AAAA-MM-DDThh:mm:ss.'));
  if (from >= to) return rejected(malformed('La fecha inicial es mayor o igual a la fecha final.'));
  const horizon = `${Number(localDateTime(now, timeZone).slice(0, 4)) - HISTORY_YEARS + 1}-01-01T00:00:00`;
  if (from < horizon) return rejected(malformed(`La fecha inicial no puede ser anterior a ${horizon}.`));
  const requestType = parameters.get('TipoSolicitud');
  if (requestType !== 'CFDI' && requestType !== 'Metadata') return rejected(malformed('TipoSolicitud debe ser CFDI o Metadata.'));
  // SAT v1.5: EstadoComprobante defaults to Vigente when absent.
  const estado = parameters.get('EstadoComprobante') ?? 'Vigente';
  if (!ESTADOS.has(estado)) return rejected(malformed('EstadoComprobante debe ser Todos, Vigente o Cancelado.'));
  // SAT v1.5: received CFDI (XML) can be downloaded only while vigente.
  if (operation === 'recibidos' && requestType === 'CFDI' && estado !== 'Vigente') {
    return rejected(malformed('La solicitud de descarga no es válida. No se permite la descarga de xml que se encuentren cancelados.'));
  }
  const tipo = parameters.get('TipoComprobante');
  if (tipo !== undefined && !TIPOS.has(tipo)) return rejected(malformed('TipoComprobante debe ser I, E, T, N o P.'));
  const counterparts = operation === 'emitidos' ? receptores(request) : [parameters.get('RfcEmisor')].filter((rfc): rfc is string => rfc !== undefined);
  if (counterparts.length > 5) return rejected(malformed('Se permiten como máximo 5 RfcReceptor.'));
  const terceros = parameters.get('RfcACuentaTerceros');
  if ([...counterparts, terceros ?? 'XAXX010101000'].some((rfc) => !RFC.test(rfc))) return rejected(malformed('Un RFC de la solicitud no es válido.'));
  const complemento = parameters.get('Complemento');
  if (complemento !== undefined && !COMPLEMENTO_CODES.has(complemento)) return rejected(malformed('El Complemento no es válido.'));
  const query: DescargaQuery = {
    operation,
    requestType,
    requester: signer,
    from,
    to,
    estado: estado as EstadoComprobante,
    counterparts: [...new Set(counterparts)].sort(),
  };
  if (tipo !== undefined) query.tipoComprobante = tipo;
  if (terceros !== undefined) query.terceros = terceros;
  if (complemento !== undefined) query.complemento = complemento;
  return { ok: true, query };
}

/** Requests with equal fingerprints are "the same parameters" for the SAT's 5002 and 5005. */
export function fingerprintOf(query: DescargaQuery): string {
  const { operation, requestType, requester, from, to, tipoComprobante, estado, counterparts, terceros, complemento, folio } = query;
  return JSON.stringify([operation, requestType, requester, from, to, tipoComprobante, estado, counterparts, terceros, complemento, folio]);
}
