/**
 * The SOAP answers of the four services, in the shapes the SAT sends (protocols/descarga-masiva
 * fixtures): result attributes on a `...Result` element, the download status in a SOAP header
 * (`h:respuesta`), WCF-style faults with HTTP 500.
 */
import type { SatStatus } from './codes.ts';
import { AUTH_NAMESPACE, DESCARGA_NAMESPACE, SOAP_NAMESPACE, WSSE_NAMESPACE, WSU_NAMESPACE } from './envelope.ts';

const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
const ADDRESSING_NONE = 'http://schemas.microsoft.com/ws/2005/05/addressing/none';

export interface SoapAnswer {
  status: number;
  body: string;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}

function envelope(body: string, header = ''): string {
  return `<s:Envelope xmlns:s="${SOAP_NAMESPACE}">${header}<s:Body ${XSI_XSD}>${body}</s:Body></s:Envelope>`;
}

function fault(code: string, codeNamespace: string, message: string): SoapAnswer {
  const body =
    `<s:Envelope xmlns:s="${SOAP_NAMESPACE}"><s:Body><s:Fault><faultcode xmlns:a="${codeNamespace}">${code}</faultcode>` +
    `<faultstring xml:lang="en-US">${escapeXml(message)}</faultstring></s:Fault></s:Body></s:Envelope>`;
  return { status: 500, body };
}

/** Autentica refused (bad signature, certificate, timestamp): WS-Security's InvalidSecurity fault. */
export function invalidSecurityFault(): SoapAnswer {
  return fault('a:InvalidSecurity', WSSE_NAMESPACE, 'An error occurred when verifying security for the message.');
}

/** A body that is not a SOAP 1.1 envelope at all (HTTP 500, like every simulator fault). */
export function badRequestFault(): SoapAnswer {
  return fault('s:Client', SOAP_NAMESPACE, 'The request is not a well-formed SOAP 1.1 envelope.');
}

/** An operation this endpoint does not have (WCF's contract filter mismatch). */
export function actionNotSupportedFault(action: string): SoapAnswer {
  return fault(
    'a:ActionNotSupported',
    ADDRESSING_NONE,
    `The message with Action '${action}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher.`,
  );
}

export function authenticateResponse(token: string, created: Date, expires: Date): SoapAnswer {
  const header =
    `<s:Header><o:Security xmlns:o="${WSSE_NAMESPACE}" s:mustUnderstand="1"><u:Timestamp u:Id="_0">` +
    `<u:Created>${created.toISOString()}</u:Created><u:Expires>${expires.toISOString()}</u:Expires></u:Timestamp></o:Security></s:Header>`;
  const body = `<s:Body><AutenticaResponse xmlns="${AUTH_NAMESPACE}"><AutenticaResult>${escapeXml(token)}</AutenticaResult></AutenticaResponse></s:Body>`;
  return { status: 200, body: `<s:Envelope xmlns:s="${SOAP_NAMESPACE}" xmlns:u="${WSU_NAMESPACE}">${header}${body}</s:Envelope>` };
}

/** SolicitaDescargaEmitidos / Recibidos / Folio answer; IdSolicitud only when accepted. */
export function solicitaResponse(operation: string, status: SatStatus, requestId?: string, requester?: string): SoapAnswer {
  const result = attributes({ IdSolicitud: requestId, RfcSolicitante: requester, CodEstatus: status.code, Mensaje: status.message });
  return { status: 200, body: envelope(`<${operation}Response xmlns="${DESCARGA_NAMESPACE}"><${operation}Result${result} /></${operation}Response>`) };
}

export interface VerifyAnswer {
  status: SatStatus;
  state?: number;
  requestCode?: SatStatus;
  count?: number;
  packageIds?: readonly string[];
}

export function verificaResponse(answer: VerifyAnswer): SoapAnswer {
  const result = attributes({
    CodEstatus: answer.status.code,
    EstadoSolicitud: answer.state,
    CodigoEstadoSolicitud: answer.requestCode?.code,
    NumeroCFDIs: answer.count,
    Mensaje: answer.status.message,
  });
  const packages = (answer.packageIds ?? []).map((id) => `<IdsPaquetes>${escapeXml(id)}</IdsPaquetes>`).join('');
  const element =
    packages === ''
      ? `<VerificaSolicitudDescargaResult${result} />`
      : `<VerificaSolicitudDescargaResult${result}>${packages}</VerificaSolicitudDescargaResult>`;
  return { status: 200, body: envelope(`<VerificaSolicitudDescargaResponse xmlns="${DESCARGA_NAMESPACE}">${element}</VerificaSolicitudDescargaResponse>`) };
}

/** Descarga: the status travels in the SOAP header; the package (base64 zip) in the body. */
export function descargaResponse(status: SatStatus, packageBase64 = ''): SoapAnswer {
  const header =
    `<s:Header><h:respuesta${attributes({ CodEstatus: status.code, Mensaje: status.message })} ` +
    `xmlns:h="${DESCARGA_NAMESPACE}" xmlns="${DESCARGA_NAMESPACE}" ${XSI_XSD} /></s:Header>`;
  const paquete = packageBase64 === '' ? '<Paquete />' : `<Paquete>${packageBase64}</Paquete>`;
  return {
    status: 200,
    body: envelope(`<RespuestaDescargaMasivaTercerosSalida xmlns="${DESCARGA_NAMESPACE}">${paquete}</RespuestaDescargaMasivaTercerosSalida>`, header),
  };
}
