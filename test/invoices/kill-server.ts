/**
 * The server of the kill -9 test: the real app (buildApp) on the embedded database under DATA_DIR,
 * its providers pointed at a simulator that runs elsewhere (SIMULATOR_URL: it must outlive this
 * process, as a real PAC does). Only this test entry reads the crash settings:
 * - INVOICING_CRASH_AT: a stamping step (StampCrashPoint) at which the process SIGKILLs itself,
 *   for invoices of the serie INVOICING_CRASH_SERIE;
 * - INVOICING_TEST_CLOCK_OFFSET_MS: added to the system clock, so a restart can stand for "some
 *   minutes later" (the idempotency lock of a request killed mid-flight lapses after 5 minutes).
 * Prints `ready <port>` once it listens.
 */
import { buildApp } from '../../src/app.ts';
import { serveAsChild } from '../support/child-server.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLocalManifestSigner } from '../../src/modules/fiscal-profiles/index.ts';
import type { StampCrashPoint } from '../../src/modules/invoices/index.ts';
const crashAt = process.env.INVOICING_CRASH_AT as StampCrashPoint | undefined;
const crashSerie = process.env.INVOICING_CRASH_SERIE;
const offsetMs = Number(process.env.INVOICING_TEST_CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig(process.env);
const app = await buildApp({
  config,
  clock,
  deps: { fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(clock) }) },
  crashHook: (point, subject) => {
    if (point === crashAt && 'serie' in subject && subject.serie === crashSerie) process.kill(process.pid, 'SIGKILL');
  },
});
await serveAsChild(app);
