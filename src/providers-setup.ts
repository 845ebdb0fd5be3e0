import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import type { Mode } from './platform/context.ts';
import { readCertificate } from './cfdi/credentials.ts';
import { ManifestSignerError, type ManifestErrorCode, type ManifestSigner } from './modules/fiscal-profiles/index.ts';
import { ProviderError } from './platform/providers/errors.ts';
import { FinkokPacClient, type PacClient } from './providers/pac/index.ts';
import { certificateRepository, SAT_CERTIFICATES_URL, type CertificateRepository } from './providers/sat/certificate-repository.ts';
import { SAT_STATUS_URL, SatStatusClient } from './providers/sat/status-client.ts';
import { simulatorRfcValidator, type RfcValidator } from './providers/sat/rfc-validation.ts';
import { SAT_DESCARGA_URLS, descargaUrls, type DescargaUrls } from './providers/sat/descarga/index.ts';
import type { WorkerPool } from './platform/workers/pool.ts';
import { EMBEDDED_DESCARGA_SETTINGS } from './embedded-simulator.ts';
import type { Metrics } from './platform/metrics/types.ts';
import { DEFAULT_SIMULATOR_SETTINGS, startSimulator, type RunningSimulator } from './simulator/index.ts';

/** The outside world as the service sees it: the PAC and the SAT per mode (docs/contract.md §1). */
export interface Providers {
  /** The simulator's base address (embedded or external), when one is in use. */
  simulatorUrl: string | undefined;
  /** The embedded simulator, when this process runs one (tests reach its CA and ledger). */
  simulator: RunningSimulator | undefined;
  pacFor(mode: Mode): PacClient;
  satStatusFor(mode: Mode): SatStatusClient;
  /** Where the SAT/PAC certificates that sign timbres are published, per mode. */
  satCertificatesFor(mode: Mode): CertificateRepository;
  /** The SAT bulk download services, per mode. */
  descargaUrlsFor(mode: Mode): DescargaUrls;
  /** The receptor RFC validation of a mode: the simulator's in test mode; none in live mode. */
  rfcValidatorFor(mode: Mode): RfcValidator | undefined;
  manifestSigner: ManifestSigner;
  close(): Promise<void>;
}

export interface ProvidersOptions {
  config: Config;
  clock: Clock;
  /** Start the simulator in this process when no SIMULATOR_URL is configured. */
  embedSimulator: boolean;
  /** Where the embedded simulator keeps its ledger and CA; in memory when absent. */
  simulatorDataDir: string | undefined;
  /**
   * The service's own database and a schema of it for the embedded simulator's ledger and CA,
   * instead of a database of the simulator's own under `simulatorDataDir` (docs/decisions.md, "Memory").
   */
  simulatorDatabase?: { database: DatabaseHandle; schema: string } | undefined;
  /** The service's worker pool, which the embedded simulator reads large requests on. */
  workers: WorkerPool;
  /** Times every call to the PAC and the SAT, when metrics are on. */
  metrics?: Pick<Metrics, 'providerCall'> | undefined;
}

class SimulatorUnavailableError extends ProviderError {
  constructor() {
    super('pac.internal_error', 'No SAT/PAC simulator is running in this process; set SIMULATOR_URL or run `invoicing serve`.', {
      retryable: false,
      failure: 'unreachable',
    });
  }
}

/**
 * Test mode always talks to the simulator; live mode to the configured PAC and the SAT, and to
 * the simulator outside production when no PAC is configured. The clients are the same in
 * every case: only their addresses and credentials differ.
 */
export async function createProviders(options: ProvidersOptions): Promise<Providers> {
  const { config, clock } = options;
  const recordCall = options.metrics?.providerCall;
  const simulator =
    !config.simulator.url && options.embedSimulator
      ? await startSimulator({
          host: '127.0.0.1',
          port: config.simulator.port,
          ...(options.simulatorDatabase
            ? { database: options.simulatorDatabase.database, schema: options.simulatorDatabase.schema }
            : { dataDir: options.simulatorDataDir }),
          clock,
          workers: options.workers,
          settings: { descarga: { ...EMBEDDED_DESCARGA_SETTINGS, ...config.simulator.descarga } },
          ...(config.simulator.publicUrl ? { publicUrl: config.simulator.publicUrl } : {}),
        })
      : undefined;
  const simulatorUrl = config.simulator.url ?? simulator?.url;
  const simulatorPac = simulatorUrl
    ? new FinkokPacClient({
        baseUrl: simulatorUrl,
        username: DEFAULT_SIMULATOR_SETTINGS.pacUsername,
        password: DEFAULT_SIMULATOR_SETTINGS.pacPassword,
        snid: DEFAULT_SIMULATOR_SETTINGS.manifestSnid,
        clock,
        authority: 'simulator',
        recordCall,
      })
    : undefined;
  const live = config.live;
  const livePac = live.pacUrl
    ? new FinkokPacClient({
        baseUrl: live.pacUrl,
        ...(live.pacManifestUrl ? { manifestUrl: live.pacManifestUrl } : {}),
        username: live.pacUsername!,
        password: live.pacPassword!,
        ...(live.pacSnid ? { snid: live.pacSnid } : {}),
        timeoutMs: live.pacTimeoutMs,
        clock,
        recordCall,
      })
    : simulatorPac;
  // The simulator's clients say so in their messages (authority): "the simulator does not know…".
  const simulatorStatus = simulatorUrl
    ? new SatStatusClient({ url: `${simulatorUrl}/ConsultaCFDIService.svc`, authority: 'simulator', recordCall })
    : undefined;
  // A real PAC stamps real CFDIs, whose status only the real SAT knows.
  const liveStatus = live.satStatusUrl || live.pacUrl ? new SatStatusClient({ url: live.satStatusUrl ?? SAT_STATUS_URL, recordCall }) : simulatorStatus;

  const simulatorCertificates = simulatorUrl
    ? certificateRepository({ baseUrl: `${simulatorUrl}/certificates`, layout: 'flat', authority: 'simulator' })
    : undefined;
  // Like the status: real CFDIs are signed by certificates the SAT publishes.
  const liveCertificates =
    live.satCertificatesUrl || live.pacUrl
      ? certificateRepository({ baseUrl: live.satCertificatesUrl ?? SAT_CERTIFICATES_URL, layout: 'sat' })
      : simulatorCertificates;

  const simulatorDescarga = simulatorUrl ? descargaUrls(simulatorUrl) : undefined;
  // Real CFDIs are downloaded from the SAT, whatever tool stamped them.
  const liveDescarga = live.satDescargaUrl ? descargaUrls(live.satDescargaUrl) : live.pacUrl ? SAT_DESCARGA_URLS : simulatorDescarga;

  const simulatorRfc = simulatorUrl ? simulatorRfcValidator(simulatorUrl) : undefined;

  const pacFor = (mode: Mode): PacClient => {
    const client = mode === 'test' ? simulatorPac : livePac;
    if (!client) throw new SimulatorUnavailableError();
    return client;
  };
  return {
    simulatorUrl,
    simulator,
    pacFor,
    satStatusFor: (mode) => {
      const client = mode === 'test' ? simulatorStatus : liveStatus;
      if (!client) throw new SimulatorUnavailableError();
      return client;
    },
    satCertificatesFor: (mode) => {
      const repository = mode === 'test' ? simulatorCertificates : liveCertificates;
      if (!repository) throw new SimulatorUnavailableError();
      return repository;
    },
    descargaUrlsFor: (mode) => {
      const urls = mode === 'test' ? simulatorDescarga : liveDescarga;
      if (!urls) throw new SimulatorUnavailableError();
      return urls;
    },
    rfcValidatorFor: (mode) => {
      if (mode === 'live') return undefined;
      if (!simulatorRfc) throw new SimulatorUnavailableError();
      return simulatorRfc;
    },
    manifestSigner: pacManifestSigner(pacFor, clock),
    close: async () => {
      await simulator?.close();
    },
  };
}

/** The fiscal-profiles port over the PAC's manifest service. */
export function pacManifestSigner(pacFor: (mode: Mode) => PacClient, clock: Clock): ManifestSigner {
  return {
    async signManifest(request) {
      try {
        const result = await pacFor(request.mode).signManifest({
          fiel: { certificate: readCertificate(request.fiel.certificateDer), privateKey: request.fiel.privateKey },
          email: request.email,
        });
        return { signedAt: clock.now(), contractXml: result.contractXml };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        const code: ManifestErrorCode = error.code.startsWith('manifiesto.')
          ? (error.code as ManifestErrorCode)
          : error.retryable
            ? 'manifiesto.network_error'
            : 'manifiesto.provider_error';
        throw new ManifestSignerError(code, error.detail, { cause: error });
      }
    },
  };
}
