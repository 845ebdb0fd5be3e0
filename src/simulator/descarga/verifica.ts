/**
 * VerificaSolicitudDescarga (/VerificaSolicitudDescargaService.svc). The request reads
 * 1 Aceptada, then 2 En proceso until its processing time has passed on the simulator's clock,
 * then 3 Terminada with its package ids, 5 Rechazada (5004 nothing found, 5003 over the limit)
 * or 4 Error; 72 hours after finishing it is 6 Vencida. Unknown ids, or ids of another RFC,
 * answer CodEstatus 5004.
 */
import { CodEstatus, CodigoEstadoSolicitud, EstadoSolicitud } from './codes.ts';
import type { SoapEnvelope } from './envelope.ts';
import { packageId } from './packages.ts';
import { verificaResponse } from './responses.ts';
import type { SoapAnswer, VerifyAnswer } from './responses.ts';
import { checkToken } from './service.ts';
import type { DescargaService } from './service.ts';
import type { DescargaSettings } from './settings.ts';
import { readSignedRequest } from './signed-request.ts';
import type { StoredRequest } from './store.ts';

function requestState(request: StoredRequest, now: Date, settings: DescargaSettings): VerifyAnswer {
  const status = CodEstatus.accepted;
  const elapsed = now.getTime() - request.createdAt.getTime();
  if (request.outcome === 'never_ready' || now.getTime() < request.readyAt.getTime()) {
    const state = elapsed < settings.acceptedSeconds * 1000 ? EstadoSolicitud.accepted : EstadoSolicitud.inProgress;
    return { status, state, requestCode: CodigoEstadoSolicitud.accepted, count: 0 };
  }
  switch (request.outcome) {
    case 'no_data':
      return { status, state: EstadoSolicitud.rejected, requestCode: CodigoEstadoSolicitud.noData, count: 0 };
    case 'too_many':
      return { status, state: EstadoSolicitud.rejected, requestCode: CodigoEstadoSolicitud.maximumExceeded, count: request.cfdiCount };
    case 'error':
      return { status, state: EstadoSolicitud.error, requestCode: CodigoEstadoSolicitud.uncontrolled, count: 0 };
    default: {
      const expired = now.getTime() >= request.readyAt.getTime() + settings.packageLifetimeHours * 3_600_000;
      if (expired) return { status, state: EstadoSolicitud.expired, requestCode: CodigoEstadoSolicitud.accepted, count: request.cfdiCount };
      const packageIds = Array.from({ length: request.packageCount }, (_, index) => packageId(request.id, index));
      return { status, state: EstadoSolicitud.finished, requestCode: CodigoEstadoSolicitud.accepted, count: request.cfdiCount, packageIds };
    }
  }
}

export async function verifica(service: DescargaService, envelope: SoapEnvelope, authorization: string | undefined): Promise<SoapAnswer> {
  const refusedToken = checkToken(service, authorization);
  if (refusedToken) return verificaResponse({ status: refusedToken });
  const now = service.deps.clock.now();
  const signed = await readSignedRequest(envelope, 'solicitud', service.deps.ca, now);
  if (!signed.ok) return verificaResponse({ status: signed.status });
  const rfc = signed.request.certificate.rfc;
  if (signed.request.parameters.get('RfcSolicitante') !== rfc) return verificaResponse({ status: CodEstatus.sealNotRequester });
  const id = signed.request.parameters.get('IdSolicitud') ?? '';
  const request = await service.store.findRequest(id, rfc);
  if (!request) return verificaResponse({ status: CodEstatus.notFound });
  return verificaResponse(requestState(request, now, service.settings));
}
