/**
 * PeticionDescargaMasivaTercerosEntrada (/DescargaMasivaService.svc): the package as a base64
 * zip, status in the SOAP header. 5004 for a package that does not exist (or is not the
 * requester's, or is not ready), 5007 once the request expired (72 hours after it finished),
 * 5008 after the second download of the same package, 404 if building it fails.
 */
import { CodEstatus } from './codes.ts';
import type { SoapEnvelope } from './envelope.ts';
import { buildPackage, parsePackageId } from './packages.ts';
import { descargaResponse } from './responses.ts';
import type { SoapAnswer } from './responses.ts';
import { checkToken } from './service.ts';
import type { DescargaService } from './service.ts';
import { readSignedRequest } from './signed-request.ts';

export async function descarga(service: DescargaService, envelope: SoapEnvelope, authorization: string | undefined): Promise<SoapAnswer> {
  const refusedToken = checkToken(service, authorization);
  if (refusedToken) return descargaResponse(refusedToken);
  const now = service.deps.clock.now();
  const signed = await readSignedRequest(envelope, 'peticionDescarga', service.deps.ca, now);
  if (!signed.ok) return descargaResponse(signed.status);
  const rfc = signed.request.certificate.rfc;
  if (signed.request.parameters.get('RfcSolicitante') !== rfc) return descargaResponse(CodEstatus.sealNotRequester);
  const packageId = signed.request.parameters.get('IdPaquete') ?? '';
  const parsed = parsePackageId(packageId);
  const request = parsed && (await service.store.findRequest(parsed.requestId, rfc));
  if (!parsed || !request || request.outcome !== 'finished' || now.getTime() < request.readyAt.getTime() || parsed.index >= request.packageCount) {
    return descargaResponse(CodEstatus.notFound);
  }
  if (now.getTime() >= request.readyAt.getTime() + service.settings.packageLifetimeHours * 3_600_000) {
    return descargaResponse(CodEstatus.packageExpired);
  }
  const downloads = await service.store.countDownload(packageId.toLowerCase(), request.id, now);
  if (downloads > service.settings.downloadsPerPackage) return descargaResponse(CodEstatus.downloadsExhausted);
  const zip = await buildPackage(service.builder, request, parsed.index);
  return descargaResponse(CodEstatus.accepted, Buffer.from(zip).toString('base64'));
}
