/**
 * The server of the kill -9 tests (test/invoices/kill.test.ts, test/downloads/kill.test.ts): the
 * real app (buildApp) on the embedded database under DATA_DIR, its providers pointed at a
 * simulator that runs elsewhere (SIMULATOR_URL: it must outlive this process, as a real PAC or the
 * SAT does). Only this test entry reads the crash settings:
 * - INVOICING_CRASH_AT: a stamping step (StampCrashPoint), for invoices of the serie
 *   INVOICING_CRASH_SERIE, or a download step (DownloadCrashPoint), at which the process SIGKILLs
 *   itself;
 * - INVOICING_TEST_CLOCK_OFFSET_MS: added to the system clock, so a restart can stand for "some
 *   minutes later" (an idempotency lock of a request killed mid-flight, job leases and the
 *   registration sweep's grace period lapse).
 * Prints `ready <port>` once it listens.
 */
import { buildApp } from '../../src/app.ts';
import { serveAsChild } from './child-server.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLocalManifestSigner } from '../../src/modules/fiscal-profiles/index.ts';
import type { DownloadCrashPoint } from '../../src/modules/downloads/index.ts';
import type { StampCrashPoint } from '../../src/modules/invoices/index.ts';

const crashAt = process.env.INVOICING_CRASH_AT as StampCrashPoint | DownloadCrashPoint | undefined;
const crashSerie = process.env.INVOICING_CRASH_SERIE;
const offsetMs = Number(process.env.INVOICING_TEST_CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig(process.env);
const app = await buildApp({
  config,
  clock,
  deps: { fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(clock) }) },
  // A stamping point kills only for the invoice of INVOICING_CRASH_SERIE; a download point at once.
  crashHook: (point, subject) => {
    if (point !== crashAt) return;
    if ('serie' in subject && subject.serie !== crashSerie) return;
    process.kill(process.pid, 'SIGKILL');
  },
});
await serveAsChild(app);
