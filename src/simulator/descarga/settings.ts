/**
 * Settings of the bulk download services, read from `SimulatorSettings.descarga` (a free-form
 * record owned by this folder). Every value has the SAT's figure as its default where the SAT
 * publishes one; the rest are documented choices of the simulator (docs/simulator.md).
 */

export interface DescargaSettings {
  /**
   * 1: the SAT's own pacing, the defaults below (a request "Aceptada" 10 s and "En proceso" until
   * 120 s; a CFDI published 24-72 hours after it is stamped). 0: quick, for a sandbox that answers
   * in seconds (QUICK_PACING). Settings given alongside override either.
   */
  satPacing: number;
  /** Synthetic CFDIs the profile issues per month (on average; each month varies ±30 %). */
  issuedPerMonth: number;
  /** Synthetic CFDIs the profile receives per month (on average). */
  receivedPerMonth: number;
  /** Months of synthetic history before the clock's current month (SAT download horizon: 71). */
  historyMonths: number;
  /** Share of synthetic CFDIs that end up cancelled (0..1). */
  cancelledShare: number;
  /** A CFDI becomes downloadable between these many hours after its FechaTimbrado (SAT: 24-72). */
  publicationLagMinHours: number;
  publicationLagMaxHours: number;
  /** A request reads "Aceptada" for this long, then "En proceso" until `processingSeconds`. */
  acceptedSeconds: number;
  processingSeconds: number;
  /** SAT: packages can be downloaded for 72 hours after the request finished, then it is "Vencida". */
  packageLifetimeHours: number;
  /** SAT: each package can be downloaded at most twice (5008 afterwards). */
  downloadsPerPackage: number;
  /** SAT: at most 2 requests with the same parameters in the lifetime of a request (5002 afterwards). */
  identicalRequests: number;
  /** SAT: at most 200,000 CFDI (XML) and 1,000,000 metadata records per request (5003). */
  maxCfdiPerRequest: number;
  maxMetadataPerRequest: number;
  /** How many XML files, or metadata rows, one package holds; larger results span several packages. */
  cfdiPerPackage: number;
  metadataPerPackage: number;
  /** SolicitaDescargaFolio requests for the same UUID per calendar day (5011 afterwards). */
  folioRequestsPerDay: number;
  /** Lifetime of the Autentica token (the SAT's is 5 minutes). */
  tokenSeconds: number;
  /** Tolerated clock difference on the WS-Security Timestamp of Autentica. */
  clockSkewSeconds: number;
}

const DEFAULT_DESCARGA_SETTINGS: DescargaSettings = {
  satPacing: 1,
  issuedPerMonth: 12,
  receivedPerMonth: 18,
  historyMonths: 71,
  cancelledShare: 0.05,
  publicationLagMinHours: 24,
  publicationLagMaxHours: 72,
  acceptedSeconds: 10,
  processingSeconds: 120,
  packageLifetimeHours: 72,
  downloadsPerPackage: 2,
  identicalRequests: 2,
  maxCfdiPerRequest: 200_000,
  maxMetadataPerRequest: 1_000_000,
  cfdiPerPackage: 10_000,
  metadataPerPackage: 1_000_000,
  folioRequestsPerDay: 5,
  tokenSeconds: 300,
  clockSkewSeconds: 300,
};

/** Quick pacing: a request finished as soon as it is accepted, a CFDI downloadable as soon as it is stamped. */
const QUICK_PACING: Partial<DescargaSettings> = { acceptedSeconds: 0, processingSeconds: 0, publicationLagMinHours: 0, publicationLagMaxHours: 0 };

/** Reads and checks the free-form record; unknown keys and wrong types are configuration errors. */
export function readDescargaSettings(record: Readonly<Record<string, unknown>> = {}): DescargaSettings {
  const settings: DescargaSettings = { ...DEFAULT_DESCARGA_SETTINGS, ...(record.satPacing === 0 ? QUICK_PACING : {}) };
  for (const [key, value] of Object.entries(record)) {
    if (!Object.hasOwn(DEFAULT_DESCARGA_SETTINGS, key)) {
      throw new Error(`Unknown bulk download setting "${key}".`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(`Bulk download setting "${key}" must be a number >= 0, got ${JSON.stringify(value)}.`);
    }
    settings[key as keyof DescargaSettings] = value;
  }
  if (settings.satPacing !== 0 && settings.satPacing !== 1) throw new Error('Bulk download setting "satPacing" must be 0 (quick) or 1 (the SAT\'s).');
  if (settings.cancelledShare > 1) throw new Error('Bulk download setting "cancelledShare" must be at most 1.');
  if (settings.publicationLagMaxHours < settings.publicationLagMinHours) {
    throw new Error('Bulk download setting "publicationLagMaxHours" must not be below "publicationLagMinHours".');
  }
  if (settings.cfdiPerPackage < 1 || settings.metadataPerPackage < 1) {
    throw new Error('Bulk download package sizes must be at least 1.');
  }
  return settings;
}
