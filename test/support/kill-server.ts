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
import { masterKeyringFor } from '../../src/platform/crypto/index.ts';
import { registerDownloadJobs, registerDownloadRoutes, type DownloadCrashPoint, type DownloadDeps } from '../../src/modules/downloads/index.ts';
import { createFiscalProfiles, createLocalManifestSigner, registerFiscalProfileRoutes } from '../../src/modules/fiscal-profiles/index.ts';
import { hasStampedInvoices, registerInvoiceJobs, registerInvoiceRoutes, type InvoiceDeps, type StampCrashPoint } from '../../src/modules/invoices/index.ts';

const crashAt = process.env.INVOICING_CRASH_AT as StampCrashPoint | DownloadCrashPoint | undefined;
const crashSerie = process.env.INVOICING_CRASH_SERIE;
const offsetMs = Number(process.env.INVOICING_TEST_CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig(process.env);
const app = await buildApp({ config, clock });
const keyring = masterKeyringFor(config);
registerFiscalProfileRoutes(app.server, app.services, {
  keyring,
  manifestSigner: createLocalManifestSigner(clock),
  hasStampedInvoices,
  taxRegimes: app.catalogs.index,
});
const invoiceDeps: InvoiceDeps = {
  fiscalProfiles: createFiscalProfiles({ keyring }),
  pacFor: app.providers.pacFor,
  satStatusFor: app.providers.satStatusFor,
  catalogs: app.catalogs,
  crashHook: (point, invoice) => {
    if (point === crashAt && invoice.serie === crashSerie) process.kill(process.pid, 'SIGKILL');
  },
};
registerInvoiceRoutes(app.server, app.services, invoiceDeps);
registerInvoiceJobs(app.services, invoiceDeps);
const downloadDeps: DownloadDeps = {
  ...app.downloadDeps,
  crashHook: (point) => {
    if (point === crashAt) process.kill(process.pid, 'SIGKILL');
  },
};
registerDownloadRoutes(app.server, app.services, downloadDeps);
registerDownloadJobs(app.services, downloadDeps);
await serveAsChild(app);
