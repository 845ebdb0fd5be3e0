/**
 * Where the bulk download services live. The SAT publishes four URLs on two hosts; the simulator
 * serves the same paths under one base address, so a base URL is all configuration needs.
 */
import { ServiceEndpoints, ServiceType } from '@nodecfdi/sat-ws-descarga-masiva';

export interface DescargaUrls {
  authenticate: string;
  request: string;
  verify: string;
  download: string;
}

/** The SAT's production addresses for regular CFDI (WS v1.5). */
export const SAT_DESCARGA_URLS: DescargaUrls = {
  authenticate: 'https://cfdidescargamasivasolicitud.clouda.sat.gob.mx/Autenticacion/Autenticacion.svc',
  request: 'https://cfdidescargamasivasolicitud.clouda.sat.gob.mx/SolicitaDescargaService.svc',
  verify: 'https://cfdidescargamasivasolicitud.clouda.sat.gob.mx/VerificaSolicitudDescargaService.svc',
  download: 'https://cfdidescargamasiva.clouda.sat.gob.mx/DescargaMasivaService.svc',
};

/** The four URLs under one base address (the simulator's), at the SAT's paths. */
export function descargaUrls(baseUrl: string): DescargaUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    authenticate: `${base}/Autenticacion/Autenticacion.svc`,
    request: `${base}/SolicitaDescargaService.svc`,
    verify: `${base}/VerificaSolicitudDescargaService.svc`,
    download: `${base}/DescargaMasivaService.svc`,
  };
}

export function serviceEndpoints(urls: DescargaUrls): ServiceEndpoints {
  return new ServiceEndpoints(urls.authenticate, urls.request, urls.verify, urls.download, new ServiceType('cfdi'));
}
