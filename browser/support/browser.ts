import { type Browser, type Page, chromium } from 'playwright-core';

/** Debian's Chromium; the sandbox needs user namespaces that root in a container does not have. */
export async function launchBrowser(): Promise<Browser> {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: root ? ['--no-sandbox'] : [],
  });
}

/** A page that fails the test on any error the app logs or throws, CSP violations included. */
export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 }, locale: 'es-MX' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return { page, errors };
}
