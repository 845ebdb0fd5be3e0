/**
 * Downloads tests run on the invoices test app (the embedded simulator is the SAT of both modes,
 * on one ManualClock): a profile with a FIEL and a signed manifiesto, and `drive`, which moves the
 * clock and runs due jobs until a download settles.
 */
import assert from 'node:assert/strict';
import type { DepsOverrides } from '../../src/app.ts';
import { createInvoicesTestApp, registerProfile, type InvoicesTestApp, type Keys } from '../invoices/support.ts';

const TERMINAL = new Set(['ready', 'no_data', 'failed']);

export interface DownloadsFixture {
  t: InvoicesTestApp;
  keys: Keys;
  profileId: string;
  fiel: Awaited<ReturnType<typeof registerProfile>>['fiel'];
}

/** `deps`: fakes the app is built with (a SAT that can be cut off). */
export async function openDownloadsFixture(env: Record<string, string> = {}, deps: DepsOverrides = {}): Promise<DownloadsFixture> {
  const t = await createInvoicesTestApp({ env, deps });
  const keys = await t.bootstrap();
  const profile = await registerProfile(t, keys.testKey);
  return { t, keys, profileId: profile.id, fiel: profile.fiel };
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of a download object
export type Json = Record<string, any>;

export async function createDownload(t: InvoicesTestApp, key: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Json> {
  const response = await t.request({ method: 'POST', url: '/v1/downloads', key, payload: body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

/** Moves the clock `stepMs` at a time and runs the due jobs until the download is ready, no_data or failed. */
export async function drive(t: InvoicesTestApp, key: string, id: string, options: { stepMs?: number; max?: number } = {}): Promise<Json> {
  const { stepMs = 3_000, max = 200 } = options;
  for (let round = 0; round < max; round += 1) {
    await t.app.services.jobs.runDue();
    const body = (await t.request({ method: 'GET', url: `/v1/downloads/${id}`, key })).json();
    if (TERMINAL.has(body.status)) return body;
    t.clock.advance(stepMs);
  }
  assert.fail(`download ${id} did not settle in ${max} rounds`);
}
