/**
 * The server of the downloads kill -9 test: the real app (buildApp) on the embedded database under
 * DATA_DIR (packages as files), pointed at a simulator that runs in the test process (it must
 * outlive this one, as the SAT does). Only this test entry reads the crash settings:
 * - INVOICING_CRASH_AT: a download step (DownloadCrashPoint) at which the process SIGKILLs itself;
 * - INVOICING_TEST_CLOCK_OFFSET_MS: added to the system clock, so a restart stands for "some
 *   minutes later" (job leases and the registration sweep's grace period lapse).
 * Prints `ready <port>` once it listens.
 */
import { buildApp } from '../../src/app.ts';
import { serveAsChild } from '../support/child-server.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLocalManifestSigner } from '../../src/modules/fiscal-profiles/index.ts';
import type { DownloadCrashPoint } from '../../src/modules/downloads/index.ts';

const crashAt = process.env.INVOICING_CRASH_AT as DownloadCrashPoint | undefined;
const offsetMs = Number(process.env.INVOICING_TEST_CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig(process.env);
const app = await buildApp({
  config,
  clock,
  deps: { fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(clock) }) },
  crashHook: (point) => {
    if (point === crashAt) process.kill(process.pid, 'SIGKILL');
  },
});
await serveAsChild(app);
