import type { Mode, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DescargaClient } from '../../providers/sat/descarga/index.ts';
import type { DownloadCredential } from '../fiscal-profiles/index.ts';

/** Where the kill -9 test stops the process: after the SAT answered or a package arrived, before it is recorded. */
export type DownloadCrashPoint = 'after_solicitud' | 'after_package_download' | 'after_package_stored' | 'after_first_batch';

/** What downloads need from the rest of the service (wired in app.ts). */
export interface DownloadDeps {
  /** The profile's FIEL, decrypted; undefined when it has none. */
  loadCredential(db: Db, profileId: string): Promise<DownloadCredential | undefined>;
  /** A client of the SAT's bulk download services for this mode, authenticating with this FIEL. */
  descargaClient(mode: Mode, credential: DownloadCredential): DescargaClient;
  /** Called when a SAT request has ended (ready, no data or failed): what waits on one can look at once. */
  onRequestDone?: (services: Services) => Promise<void>;
  /** Off by default; only crash tests set it (the kill -9 test kills the process from it). */
  crashHook?: (point: DownloadCrashPoint) => void;
}
