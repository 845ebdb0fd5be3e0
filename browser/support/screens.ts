/** Screenshots for a person to look at, kept in `.tmp/screens/` (browser/screenshots.ts takes the whole tour). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { overflowingElements } from './overflow.ts';

export const SCREENS_DIR = path.join(fileURLToPath(new URL('../../', import.meta.url)), '.tmp', 'screens');

/**
 * The page at 1280 and 375 px, saved as `<name>-<width>.png`, and unless `overflow` is false,
 * nothing on it wider than the screen at either width. The page is left at 1280 × 900.
 */
export async function shoot(page: Page, name: string, options: { overflow?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
    if (options.overflow !== false) assert.deepEqual(await overflowingElements(page), [], `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
