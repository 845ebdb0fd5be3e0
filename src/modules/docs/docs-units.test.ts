import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { REPO_ROOT } from '../../../test/support/shared.ts';
import os from 'node:os';
import path from 'node:path';
import { loadGuides } from './guides.ts';
import { escapeHtml, inlineText } from './html.ts';
import { prefersJson } from './negotiate.ts';
import { describeTags, TAG_DESCRIPTIONS } from './tags.ts';

describe('docs helpers', () => {
  test('Accept negotiation: JSON only when it is preferred to HTML', () => {
    assert.equal(prefersJson(undefined), false);
    assert.equal(prefersJson('*/*'), false);
    assert.equal(prefersJson('application/json'), true);
    assert.equal(prefersJson('application/json, text/html'), true);
    assert.equal(prefersJson('text/html, application/json'), false);
    assert.equal(prefersJson('text/html;q=0.4, application/json;q=0.9'), true);
    assert.equal(prefersJson('application/json;q=0'), false);
    assert.equal(prefersJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), false);
  });

  test('guides load once from a folder in reading order; other files and unsafe names are ignored', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guides-'));
    try {
      fs.writeFileSync(path.join(dir, 'zebra.md'), '# Zebra\n');
      fs.writeFileSync(path.join(dir, 'quickstart.md'), '# Quick start\n\nHello.\n');
      fs.writeFileSync(path.join(dir, 'pagination.md'), 'No heading here.\n');
      fs.writeFileSync(path.join(dir, 'Bad_Name.md'), '# Bad\n');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a guide');
      const guides = loadGuides(dir);
      assert.deepEqual(
        guides.map((guide) => guide.slug),
        ['quickstart', 'pagination', 'zebra'],
      );
      assert.deepEqual(
        guides.map((guide) => guide.title),
        ['Quick start', 'pagination', 'Zebra'],
      );
      assert.equal(guides[0]!.markdown, '# Quick start\n\nHello.\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(loadGuides(path.join(os.tmpdir(), 'no-such-guides-folder-here')), []);
  });

  test('the repository ships the platform guides first, then one per capability, each with a title', () => {
    const guides = loadGuides();
    const slugs = guides.map((guide) => guide.slug);
    assert.deepEqual(slugs.slice(0, 7), ['quickstart', 'authentication', 'errors', 'versioning', 'idempotency', 'pagination', 'connect']);
    assert.deepEqual(
      slugs.slice().sort(),
      fs
        .readdirSync(path.join(REPO_ROOT, 'docs', 'guides'))
        .filter((file) => file.endsWith('.md'))
        .map((file) => file.slice(0, -3))
        .sort(),
    );
    for (const guide of guides) assert.ok(guide.title !== guide.slug && guide.markdown.length > 1000, guide.slug);
  });

  test('HTML escaping covers markup and quotes; code spans become <code>', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    assert.equal(inlineText('Send `Authorization: Bearer <key>` now'), 'Send <code>Authorization: Bearer &lt;key&gt;</code> now');
  });

  test('tags come out in the set order with their descriptions; unknown ones last and undescribed', () => {
    assert.deepEqual(describeTags(['Health', 'Zeta', 'API keys']), [
      { name: 'API keys', description: TAG_DESCRIPTIONS.find(([name]) => name === 'API keys')![1] },
      { name: 'Health', description: TAG_DESCRIPTIONS.find(([name]) => name === 'Health')![1] },
      { name: 'Zeta' },
    ]);
  });
});
