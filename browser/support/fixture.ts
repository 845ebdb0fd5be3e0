/**
 * What every browser test file starts with: the app on a free port (support/server.ts), one
 * Chromium, and on request the app's worker, a webhook receiver on loopback and one page signed up
 * in advance for the file's tests. `useDashboard()` at the top of a file registers one `before`
 * that starts them and one `after` that closes whatever was started, in reverse order, even when
 * the `before` failed half-way.
 */
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Services } from '../../src/platform/context.ts';
import { type Receiver, startReceiver } from '../../test/support/webhook-receiver.ts';
import { launchBrowser, newPage } from './browser.ts';
import { signUp } from './flows.ts';
import { type RunningServer, startServer } from './server.ts';

export interface DashboardOptions {
  /**
   * Runs the app's worker, as `npm start` does: queued e-mails reach the mail catcher (no SMTP_URL
   * in development), webhooks are delivered, SAT downloads advance.
   */
  worker?: boolean;
  /** A webhook receiver on loopback that answers 200 and keeps what it got. */
  receiver?: boolean;
  /** Moves the app's manual clock on by this many milliseconds every 250 ms (the SAT simulator and a download's polling run on it). */
  clockStepMs?: number;
  /** Opens one page and signs up this account in it, for the file's tests to share (`page`, `errors`). */
  signUp?: { email: string; organization: string };
}

export interface Dashboard {
  readonly server: RunningServer;
  /** The app's address, as the browser reaches it. */
  readonly base: string;
  /** The app's clock; undefined against a server already running (DASHBOARD_URL). */
  readonly clock: ManualClock | undefined;
  /** The app's services; undefined against a server already running (DASHBOARD_URL). */
  readonly services: Services | undefined;
  readonly browser: Browser;
  readonly receiver: Receiver;
  /** The page opened for `signUp`, signed in. */
  readonly page: Page;
  /** What that page logged or threw (support/browser.ts `newPage`). */
  readonly errors: string[];
  /** A new page in a context of its own (no cookies shared with the others). */
  newPage(options?: { width?: number; height?: number }): ReturnType<typeof newPage>;
}

export function useDashboard(options: DashboardOptions = {}): Dashboard {
  const closers: (() => Promise<void> | void)[] = [];
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let receiver: Receiver | undefined;
  let shared: { page: Page; errors: string[] } | undefined;

  before(async () => {
    server = await startServer(options.worker ? { RUN_WORKER: 'true' } : {}, { worker: options.worker === true });
    const running = server;
    closers.push(() => running.close());
    if (options.clockStepMs !== undefined) {
      const step = options.clockStepMs;
      const ticker = setInterval(() => running.clock?.advance(step), 250);
      closers.push(() => clearInterval(ticker));
    }
    browser = await launchBrowser();
    const chromium = browser;
    closers.push(() => chromium.close());
    if (options.receiver) {
      receiver = await startReceiver();
      const inbox = receiver;
      closers.push(() => inbox.close());
    }
    if (options.signUp) {
      shared = await newPage(chromium);
      await signUp(shared.page, running.base, options.signUp);
    }
  });
  after(async () => {
    for (const close of closers.reverse()) await close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(
        `${what} is not there: useDashboard() starts it in its before hook${what === 'the receiver' || what === 'the shared page' ? ', when asked for' : ''}`,
      );
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get base() {
      return started(server, 'the server').base;
    },
    get clock() {
      return started(server, 'the server').clock;
    },
    get services() {
      return started(server, 'the server').services;
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get receiver() {
      return started(receiver, 'the receiver');
    },
    get page() {
      return started(shared, 'the shared page').page;
    },
    get errors() {
      return started(shared, 'the shared page').errors;
    },
    newPage: (size) => newPage(started(browser, 'the browser'), size),
  };
}
