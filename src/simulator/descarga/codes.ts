/**
 * The status codes and messages of the SAT bulk download services (Descarga Masiva de CFDI y
 * Retenciones, WS documentation v1.5, May 2025: solicitud, verificación and descarga documents).
 * `CodEstatus` answers the call itself; `CodigoEstadoSolicitud` and `EstadoSolicitud` describe the
 * request being verified.
 */

export interface SatStatus {
  readonly code: string;
  readonly message: string;
}

function status(code: string, message: string): SatStatus {
  return { code, message };
}

/** CodEstatus of the four services. */
export const CodEstatus = {
  // The recorded SAT answers say "Solicitud Aceptada" with 5000 (protocols/descarga-masiva fixtures).
  accepted: status('5000', 'Solicitud Aceptada'),
  invalidUser: status('300', 'Usuario No Válido'),
  malformedXml: status('301', 'XML Mal Formado'),
  malformedSeal: status('302', 'Sello Mal Formado'),
  sealNotRequester: status('303', 'Sello no corresponde con RfcSolicitante'),
  certificateRevokedOrExpired: status('304', 'Certificado Revocado o Caduco'),
  invalidCertificate: status('305', 'Certificado Inválido'),
  thirdPartyNotAuthorized: status('5001', 'Tercero no autorizado'),
  lifetimeExhausted: status('5002', 'Se agotó las solicitudes de por vida'),
  notFound: status('5004', 'No se encontró la información'),
  duplicate: status('5005', 'Solicitud duplicada'),
  packageExpired: status('5007', 'No existe el paquete solicitado'),
  downloadsExhausted: status('5008', 'Máximo de descargas permitidas'),
  folioDailyLimit: status('5011', 'Límite de descargas por folio por día'),
  cancelledFolio: status('5012', 'No se permite la descarga de xml que se encuentren cancelados'),
  uncontrolled: status('404', 'Error no controlado'),
} as const;

/** CodigoEstadoSolicitud of VerificaSolicitudDescarga. */
export const CodigoEstadoSolicitud = {
  accepted: status('5000', 'Solicitud recibida con éxito'),
  maximumExceeded: status('5003', 'Tope máximo'),
  noData: status('5004', 'No se encontró la información'),
  uncontrolled: status('404', 'Error no controlado'),
} as const;

/** EstadoSolicitud of VerificaSolicitudDescarga. */
export const EstadoSolicitud = {
  accepted: 1,
  inProgress: 2,
  finished: 3,
  error: 4,
  rejected: 5,
  expired: 6,
} as const;

/** 301 with the SAT's explanation after a colon, as the service words its validation failures. */
export function malformed(detail: string): SatStatus {
  return status(CodEstatus.malformedXml.code, `${CodEstatus.malformedXml.message}: ${detail}`);
}
