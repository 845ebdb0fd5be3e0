// Every event type has one declared object shape, written by the module that owns the resource
// (`EventObjects` in src/modules/events/types.ts), and the emitters are held to it by the type check.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { emitEvent } from '../../src/modules/events/index.ts';
import { EVENT_TYPES } from '../../src/modules/events/types.ts';

const modules = fileURLToPath(new URL('../../src/modules/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Event type → the files whose `declare module '../events/index.ts'` block declares its object. */
function declarations(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(modules)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const block of text.matchAll(/declare module '\.\.\/events\/index\.ts' \{\s*interface EventObjects \{([^}]*)\}/g)) {
      for (const [, type] of block[1]!.matchAll(/'([a-z_]+\.[a-z_]+)':/g)) {
        found.set(type!, [...(found.get(type!) ?? []), path.relative(modules, file)]);
      }
    }
  }
  return found;
}

test('every event type has its object declared exactly once, by a module under src/modules', () => {
  const found = declarations();
  for (const type of EVENT_TYPES) assert.equal(found.get(type)?.length, 1, `${type}: declared in ${JSON.stringify(found.get(type) ?? [])}`);
  assert.deepEqual(
    [...found.keys()].filter((type) => !(EVENT_TYPES as readonly string[]).includes(type)),
    [],
    'declarations for types that do not exist',
  );
});

// Compiled by `npm run check` (tsc), never called: an emitter with another type's object, or a
// partial object, does not compile. If the payloads became untyped again, these directives would
// be unused and the type check would fail.
export function emittersAreHeldToTheirObjects(db: Parameters<typeof emitEvent>[0], deps: Parameters<typeof emitEvent>[2]): void {
  // @ts-expect-error an invoice event cannot carry a customer
  void emitEvent(db, { organizationId: 'org', mode: 'test', type: 'invoice.created', object: { object: 'customer', id: 'cus_1' } }, deps);
  // @ts-expect-error a download event needs the whole download object
  void emitEvent(db, { organizationId: 'org', mode: 'test', type: 'download.updated', object: { object: 'download' } }, deps);
}
