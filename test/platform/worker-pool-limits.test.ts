import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { resourceLimits } from 'node:worker_threads';
import { WorkerPool } from '../../src/platform/workers/pool.ts';

test('pool threads start with a small young generation, so a backfill of CFDIs does not grow each thread to V8’s default', async () => {
  const pool = new WorkerPool({ threads: 1, extraTasks: { 'test.limits': new URL('../support/pool-limits-task.ts', import.meta.url) } });
  try {
    const limits = await pool.run<undefined, typeof resourceLimits>({ name: 'test.limits' }, undefined, { tenant: 'test' });
    assert.equal(limits.maxYoungGenerationSizeMb, 8);
  } finally {
    await pool.close();
  }
});
