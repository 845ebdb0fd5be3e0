/**
 * The dashboard's first-load budget (not a test): bytes of the first page (HTML + JS + CSS,
 * gzip and brotli) against 200 KB, and time to interactive in Chromium against 1 s, with the time
 * the same browser takes to load a trivial server answer as the floor of this machine.
 * Run: npm run build:dashboard && npx tsx bench/dashboard.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../browser/support/browser.ts';
import { startServer } from '../browser/support/server.ts';

const BYTES_BUDGET = 200 * 1024;
const TTI_BUDGET_MS = 1000;
const RUNS = 5;

const dist = path.join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'dashboard');
const html = fs.readFileSync(path.join(dist, 'index.html'));
const assets = [...html.toString().matchAll(/\/dashboard\/assets\/([^"]+)/g)].map((match) => fs.readFileSync(path.join(dist, 'assets', match[1]!)));
const files = [html, ...assets];
const raw = files.reduce((sum, file) => sum + file.length, 0);
const gzip = files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
const brotli = files.reduce((sum, file) => sum + brotliCompressSync(file).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`first load: ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli; budget ${kb(BYTES_BUDGET)}; gzip/budget ${(gzip / BYTES_BUDGET).toFixed(3)}`);

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const tti: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.context().clearCookies();
    let started = Date.now();
    await page.goto(`${server.base}/healthz`);
    floor.push(Date.now() - started);
    started = Date.now();
    await page.goto(`${server.base}/dashboard/sign-in`);
    // Interactive: the app has rendered the form and its submit button takes clicks.
    await page.getByRole('button').last().waitFor({ state: 'visible' });
    await page.locator('form input').first().focus();
    tti.push(Date.now() - started);
  }
  const interactive = median(tti);
  console.log(`time to interactive (median of ${RUNS}): ${interactive} ms; budget ${TTI_BUDGET_MS} ms; tti/budget ${(interactive / TTI_BUDGET_MS).toFixed(3)}`);
  console.log(`floor, a trivial answer in the same browser: ${median(floor)} ms; tti/floor ${(interactive / Math.max(1, median(floor))).toFixed(1)}`);
} finally {
  await browser.close();
  await server.close();
}
