/**
 * An app wired as the composition root wires it for invoices: fiscal profiles (local manifest
 * signer), the SAT catalogs, and the embedded simulator as the PAC and SAT of both modes, all on
 * one ManualClock so tests can move time (Fecha windows, 72 business hours). The fakes a test
 * switches (a failing PAC, a crash hook) are given to the app when it is built.
 * Profiles get a CSD and a FIEL issued by the simulator's CA, so nothing here needs ../shared.
 */
import { randomBytes } from 'node:crypto';
import type { DepsOverrides } from '../../src/app.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import type { CrashHook } from '../../src/platform/crash-points.ts';
import { masterKeyringFor } from '../../src/platform/crypto/index.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import type { LoadMonitor } from '../../src/platform/http/load-shedding.ts';
import type { RateLimiter } from '../../src/platform/http/rate-limit-types.ts';
import type { CatalogStore } from '../../src/modules/catalogs/index.ts';
import { createFiscalProfiles, createLocalManifestSigner, SigningCredentialCache } from '../../src/modules/fiscal-profiles/index.ts';
import type { InvoiceDeps } from '../../src/modules/invoices/index.ts';
import type { PacClient } from '../../src/providers/pac/index.ts';
import type { IssuedCredential, RunningSimulator } from '../../src/simulator/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** A Wednesday noon in Mexico City: inside the validity of the SAT test credentials too. */
const TEST_NOW = '2026-07-15T18:00:00Z';

export interface InvoicesTestApp extends TestApp {
  clock: ManualClock;
  simulator: RunningSimulator;
  catalogs: CatalogStore;
  /** The invoices module's dependencies, as the app was wired with them. */
  deps: InvoiceDeps;
  /** What the test switches between requests: the app holds these fakes from the start. */
  fakes: InvoiceFakes;
}

/** Fakes an invoices test app is built with: each acts only while the test has set it. */
interface InvoiceFakes {
  /** The stamping provider of both modes instead of the simulator (a PAC that fails, or whose answer is lost). */
  pac?: PacClient | undefined;
  /** Called at every crash point (a stamp "crashes" where it throws). */
  crashHook?: CrashHook | undefined;
}

export interface InvoicesTestOptions {
  now?: string;
  env?: Record<string, string>;
  database?: DatabaseHandle;
  rateLimiter?: RateLimiter;
  loadMonitor?: LoadMonitor;
  /** Fakes for modules' dependencies (AppOptions.deps); the invoices entry's result still gets `fakes.pac`. */
  deps?: DepsOverrides;
}

export async function createInvoicesTestApp(options: InvoicesTestOptions = {}): Promise<InvoicesTestApp> {
  const clock = new ManualClock(options.now ?? TEST_NOW);
  const fakes: InvoiceFakes = {};
  const env = { MASTER_KEY: randomBytes(32).toString('base64'), ...options.env };
  // Signing credentials are cached for this app alone, not in the process-wide cache.
  const fiscalProfiles = createFiscalProfiles({ keyring: masterKeyringFor(loadConfig({ APP_ENV: 'test', ...env })), cache: new SigningCredentialCache() });
  const t = await createTestApp({
    clock,
    simulator: true,
    env,
    ...(options.database ? { database: options.database } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.loadMonitor ? { loadMonitor: options.loadMonitor } : {}),
    crashHook: (point, subject) => fakes.crashHook?.(point, subject),
    deps: {
      ...options.deps,
      // The carta manifiesto is signed here, without asking the simulated PAC.
      fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(clock) }),
      invoices: (made) => {
        const own = { ...made, fiscalProfiles };
        const given = options.deps?.invoices?.(own) ?? own;
        return { ...given, pacFor: (mode) => fakes.pac ?? given.pacFor(mode) };
      },
    },
  });
  const { app } = t;
  // The composition root starts the simulator in-process on the app's clock; it is the PAC and SAT of both modes.
  const simulator = app.providers.simulator;
  if (!simulator) throw new Error('the test app has no embedded simulator');
  return { ...t, clock, simulator, catalogs: app.catalogs, deps: app.deps.invoices, fakes };
}

export interface Keys {
  organizationId: string;
  testKey: string;
  liveKey: string;
}

/** A profile registered through the API with a CSD and FIEL from the simulator's CA (active). */
export async function registerProfile(
  t: InvoicesTestApp,
  key: string,
  options: { rfc?: string; name?: string; zip?: string; taxRegime?: string; manifest?: boolean } = {},
): Promise<{ id: string; csd: IssuedCredential; fiel: IssuedCredential; body: Record<string, unknown> }> {
  const rfc = options.rfc ?? 'EKU9003173C9';
  const name = options.name ?? 'ESCUELA KEMPER URGATE';
  const csd = await t.simulator.ca.issue({ rfc, kind: 'csd', name });
  const fiel = await t.simulator.ca.issue({ rfc, kind: 'fiel', name });
  const credential = (issued: IssuedCredential) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  const payload = {
    csd: credential(csd),
    tax_regime: options.taxRegime ?? '601',
    zip: options.zip ?? '42501',
    ...(options.manifest === false ? {} : { fiel: credential(fiel), manifest_email: 'facturas@example.com' }),
  };
  const response = await t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload });
  if (response.statusCode !== 201) throw new Error(`profile: ${response.statusCode} ${response.body}`);
  return { id: response.json().id, csd, fiel, body: response.json() };
}

/** The usual start of an invoices test file: an app, a bootstrapped organization and its active profile. */
export async function openInvoicesFixture(options: InvoicesTestOptions = {}): Promise<{ t: InvoicesTestApp; keys: Keys; profileId: string }> {
  const t = await createInvoicesTestApp(options);
  const keys = await t.bootstrap();
  const profileId = (await registerProfile(t, keys.testKey)).id;
  return { t, keys, profileId };
}

/** A valid income invoice request: one service with 16% IVA (total 1,160.00 for the default price). */
export function invoiceRequest(profileId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fiscal_profile_id: profileId,
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    payment_form: '03',
    payment_method: 'PUE',
    items: [
      {
        product_key: '81112100',
        unit_key: 'E48',
        description: 'Consultoría',
        quantity: '1',
        unit_price: '1000.00',
        taxes: [{ type: 'IVA', rate: '0.160000' }],
      },
    ],
    ...overrides,
  };
}

/** An invoice object as a test reads it. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an invoice object
export type InvoiceJson = { id: string; uuid: string; folio: string; [member: string]: any };

/** Creates and stamps; fails the test with the server's answer when either step does not succeed. */
export async function createStamped(t: InvoicesTestApp, key: string, body: Record<string, unknown>): Promise<InvoiceJson> {
  const created = await t.request({ method: 'POST', url: '/v1/invoices', key, payload: body });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const stamped = await t.request({ method: 'POST', url: `/v1/invoices/${created.json().id}/stamp`, key });
  if (stamped.statusCode !== 200) throw new Error(`stamp: ${stamped.statusCode} ${stamped.body}`);
  return stamped.json();
}
