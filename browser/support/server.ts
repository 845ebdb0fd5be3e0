/**
 * The real app, listening on a free port with the embedded SAT/PAC simulator, on a clock the
 * tests can move (session expiry). DASHBOARD_URL points the tests at a server already running
 * instead; the tests that need to move its clock then skip.
 */
import net from 'node:net';
import type { Services } from '../../src/platform/context.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp } from '../../test/support/app.ts';

export interface RunningServer {
  base: string;
  /** Undefined against an external server. */
  clock: ManualClock | undefined;
  /** The app's services (its database), to put data in place as a background job would; undefined against an external server. */
  services: Services | undefined;
  close(): Promise<void>;
}

export const SESSION_IDLE_MINUTES = 30;

/** `worker` also runs the background jobs (webhook deliveries, SAT downloads), as `npm start` does. */
export async function startServer(env: Record<string, string> = {}, options: { worker?: boolean } = {}): Promise<RunningServer> {
  if (process.env.DASHBOARD_URL) return { base: process.env.DASHBOARD_URL.replace(/\/$/, ''), clock: undefined, services: undefined, close: async () => {} };
  // The port is chosen first so that BASE_URL (origin checks, cookies) is the address the browser uses.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const clock = new ManualClock(new Date());
  const test = await createTestApp({
    simulator: true,
    clock,
    env: {
      APP_ENV: 'development',
      LOG_LEVEL: 'silent',
      BASE_URL: base,
      PORT: String(port),
      DASHBOARD_SESSION_IDLE_MINUTES: String(SESSION_IDLE_MINUTES),
      ...env,
    },
  });
  await test.app.server.listen({ host: '127.0.0.1', port });
  if (options.worker) test.app.startWorker();
  return { base, clock, services: test.app.services, close: () => test.close() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
