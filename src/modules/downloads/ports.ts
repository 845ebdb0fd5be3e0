import type { Mode, Services } from '../../platform/context.ts';
import type { CrashHook } from '../../platform/crash-points.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DescargaClient } from '../../providers/sat/descarga/index.ts';
import type { DownloadCredential } from '../fiscal-profiles/index.ts';

/** What a download crash point is about: the SAT request being advanced. */
interface SatRequestSubject {
  id: string;
}

/** Where the kill -9 test stops the process: after the SAT answered or a package arrived, before it is recorded. */
interface DownloadCrashPoints {
  after_solicitud: SatRequestSubject;
  after_package_download: SatRequestSubject;
  after_package_stored: SatRequestSubject;
  after_first_batch: SatRequestSubject;
}

export type DownloadCrashPoint = keyof DownloadCrashPoints;

declare module '../../platform/crash-points.ts' {
  interface CrashPoints extends DownloadCrashPoints {}
}

/** What downloads need from the rest of the service (wired in app.ts). */
export interface DownloadDeps {
  /** The profile's FIEL, decrypted; undefined when it has none. */
  loadCredential(db: Db, profileId: string): Promise<DownloadCredential | undefined>;
  /** A client of the SAT's bulk download services for this mode, authenticating with this FIEL. */
  descargaClient(mode: Mode, credential: DownloadCredential): DescargaClient;
  /** Called when a SAT request has ended (ready, no data or failed): what waits on one can look at once. */
  onRequestDone?: (services: Services) => Promise<void>;
  /** The app's crash hook (src/platform/crash-points.ts): none outside crash tests. */
  crashHook?: CrashHook;
}
