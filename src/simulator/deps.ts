/**
 * What every part of the simulator receives: its database, clock, certificate authority, ledger,
 * settings and the base address it answers at. Route plugins (PAC, SAT status, bulk download)
 * take a SimulatorDeps and nothing else.
 */
import { MEXICO_CITY_TIME_ZONE } from '../cfdi/local-time.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import type { Clock } from '../platform/clock.ts';
import type { WorkerPool } from '../platform/workers/pool.ts';
import type { SimulatorCa } from './ca.ts';
import type { Ledger } from './ledger.ts';
import type { SimulatorDb } from './schema.ts';

export interface SimulatorSettings {
  /** The PAC account the stamp/cancel/registration services accept (Finkok's username/password). */
  pacUsername: string;
  pacPassword: string;
  /** The partner id (SNID) the manifest signing service accepts. */
  manifestSnid: string;
  /** RfcProvCertif written in every TimbreFiscalDigital (a test PAC RFC). */
  pacRfc: string;
  /** Legal name of the PAC, for its certificate and the acuses. */
  pacName: string;
  /**
   * Zone in which Fecha (the local time of LugarExpedicion) is read. The simulator has no postal
   * code catalog, so every CFDI is taken as Mexico City time (docs/contract.md §2 default).
   */
  timeZone: string;
  /** Seconds a Fecha may be ahead of the simulator's clock (PAC clock skew tolerance). */
  futureToleranceSeconds: number;
  /** Hours after Fecha during which a CFDI may still be stamped (SAT: 72). */
  stampWindowHours: number;
  /** Business hours the receptor has to answer a cancellation request (SAT: 72). */
  acceptanceBusinessHours: number;
  /** How long the "slow answer" magic value holds the stamp response (longer than client timeouts). */
  slowResponseMs: number;
  /** Settings of the bulk download services, read and validated by src/simulator/descarga/. */
  descarga: Readonly<Record<string, unknown>>;
}

export const DEFAULT_SIMULATOR_SETTINGS: SimulatorSettings = {
  pacUsername: 'simulador@example.com',
  pacPassword: 'simulador-pruebas',
  manifestSnid: 'SIMULADOR-SNID',
  pacRfc: 'SPR190613I52',
  pacName: 'PAC SIMULADOR DE PRUEBAS',
  timeZone: MEXICO_CITY_TIME_ZONE,
  futureToleranceSeconds: 300,
  stampWindowHours: 72,
  acceptanceBusinessHours: 72,
  slowResponseMs: 5_000,
  descarga: {},
};

export interface SimulatorDeps {
  db: SimulatorDb;
  /** The raw handle, for work that needs a dedicated session (bulk scripts). */
  database: DatabaseHandle;
  clock: Clock;
  ca: SimulatorCa;
  ledger: Ledger;
  settings: SimulatorSettings;
  /** Where large requests are read (pac/request.ts): the service's pool in-process, an own one alone. */
  workers: WorkerPool;
  /**
   * The simulator's public base address without a trailing slash (e.g. http://127.0.0.1:4010).
   * A function because with port 0 the address is only known once the server listens; call it
   * while handling a request, never while registering routes.
   */
  publicUrl: () => string;
}
