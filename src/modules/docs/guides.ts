import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { packagePath } from '../../platform/runtime/layout.ts';

/** The repository's own guides folder: product content shipped with the code. */
const GUIDES_DIR = packagePath('docs/guides/');

/** Guides read first, in this order; any other guide follows alphabetically. */
const READING_ORDER = [
  'quickstart',
  'authentication',
  'errors',
  'versioning',
  'idempotency',
  'pagination',
  'connect',
  'fiscal-profiles',
  'invoices',
  'validations',
  'downloads',
  'cfdis',
  'sync',
  'exports',
  'reports',
  'catalogs',
  'webhooks',
  'dashboard',
  'team',
];

export const GUIDE_SLUG = /^[a-z0-9-]+$/;

export interface Guide {
  slug: string;
  title: string;
  markdown: string;
}

function titleOf(markdown: string, slug: string): string {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  return heading ? heading[1]!.trim() : slug;
}

function rank(slug: string): number {
  const index = READING_ORDER.indexOf(slug);
  return index === -1 ? READING_ORDER.length : index;
}

/**
 * Reads every `<slug>.md` once, at start: requests are then served from memory, so no request
 * path ever reaches the file system. Files whose name is not a valid slug are ignored.
 */
export function loadGuides(dir: string = GUIDES_DIR): Guide[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return files
    .filter((file) => file.endsWith('.md') && GUIDE_SLUG.test(file.slice(0, -3)))
    .map((file) => {
      const slug = file.slice(0, -3);
      const markdown = fs.readFileSync(path.join(dir, file), 'utf8');
      return { slug, title: titleOf(markdown, slug), markdown };
    })
    .sort((a, b) => rank(a.slug) - rank(b.slug) || a.slug.localeCompare(b.slug));
}

// GitHub-flavoured Markdown (tables, fenced code) as the guides are written. The guides are the
// product's own files, so their HTML is trusted; the page's Content-Security-Policy still allows
// no script.
const markdown = new Marked({ gfm: true, async: false });

/** A guide's Markdown as the HTML body of a documentation page. */
export function renderGuideHtml(source: string): string {
  return markdown.parse(source) as string;
}
