import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

export const PASSWORD = 'correct horse battery staple';
export const COOKIE = 'invoicing_session';

export interface DashboardApp extends TestApp {
  clock: ManualClock;
}

export async function createDashboardApp(env: Record<string, string> = {}): Promise<DashboardApp> {
  const clock = new ManualClock('2026-07-15T12:00:00Z');
  const app = await createTestApp({ clock, env });
  return Object.assign(app, { clock });
}

interface SignUpAnswer {
  user: { id: string; email: string };
  organization: { id: string; name: string };
  csrf_token: string;
  api_key: { id: string; secret: string; mode: string };
}

/** A signed-in browser, as the dashboard is: its cookie and its CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
  body: SignUpAnswer;
}

/** The value the response sets for the session cookie (`name` by default the non-Secure one). */
export function sessionCookie(response: LightMyRequestResponse, name = COOKIE): string {
  const cookie = response.cookies.find((item) => item.name === name);
  assert.ok(cookie, `no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${name}=${cookie.value}`;
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}@example.com`;
}

let signUps = 0;

/** Each sign-up from its own documentation network, an IPv6 /64 (sign-ups are limited per address, IPv6 by /64). */
export async function signUp(
  t: TestApp,
  account: { email?: string; password?: string; organization_name?: string } = {},
): Promise<Browser & { email: string }> {
  const email = account.email ?? uniqueEmail();
  signUps += 1;
  const response = await t.request({
    method: 'POST',
    url: '/dashboard/api/sign_up',
    remoteAddress: `2001:db8:${signUps.toString(16)}::1`,
    payload: { email, password: account.password ?? PASSWORD, organization_name: account.organization_name ?? 'Ejemplo SA' },
  });
  assert.equal(response.statusCode, 201, response.body);
  const body = response.json() as SignUpAnswer;
  return { email: body.user.email, cookie: sessionCookie(response), csrf: body.csrf_token, body };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD, options: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/dashboard/api/sign_in', payload: { email, password }, ...options });
}

/** A request as the dashboard sends it: cookie, and on writes the CSRF token. */
export function asBrowser(t: TestApp, browser: Pick<Browser, 'cookie' | 'csrf'>, options: InjectOptions & { headers?: Record<string, string> }) {
  const write = options.method !== undefined && options.method !== 'GET' && options.method !== 'HEAD';
  return t.request({ ...options, headers: { cookie: browser.cookie, ...(write ? { 'x-csrf-token': browser.csrf } : {}), ...options.headers } });
}

/** A problem body without what differs on every request. */
export function problemShape(response: LightMyRequestResponse): Record<string, unknown> {
  const { request_id: _requestId, ...rest } = response.json();
  return rest;
}
