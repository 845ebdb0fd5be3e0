import assert from 'node:assert/strict';
import { test } from 'node:test';
import { releaseFreedMemory } from './release-memory.ts';

// V8 12.4 (Node 22) and later pool the pages a full collection empties; Node 20's V8 has no pool.
const pooling = Number(process.versions.v8.split('.')[0]) >= 12 && Number(process.versions.node.split('.')[0]) >= 22;

function burst(): void {
  // About 300 MB of small objects, all garbage once the function returns.
  let kept: { index: number; text: string; list: number[] }[] = [];
  for (let index = 0; index < 1_500_000; index++) kept.push({ index, text: `entry ${index}`, list: [index] });
  assert.equal(kept.length, 1_500_000);
  kept = [];
}

test('no global gc is left behind for the service or its dependencies', () => {
  releaseFreedMemory();
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
});

test('after a burst of allocations, the memory-reducing collection gives back the pages an ordinary one keeps', {
  skip: pooling ? false : `Node ${process.versions.node}'s V8 keeps no page pool`,
}, () => {
  burst();
  releaseFreedMemory();
  const settled = process.memoryUsage.rss();
  burst();
  const { before, after } = releaseFreedMemory();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  assert.ok(before - settled > 80 * 2 ** 20, `the burst left ${mb(before - settled)} MB resident`);
  assert.ok(
    after - settled < 60 * 2 ** 20,
    `${mb(after - settled)} MB above the settled ${mb(settled)} MB stayed after the collection (before it: ${mb(before)} MB)`,
  );
});
