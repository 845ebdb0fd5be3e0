import assert from 'node:assert/strict';
import test from 'node:test';
import { definedTaskNames } from './platform/workers/task.ts';
import { TASKS } from './worker.ts';

test('every task the service defines is in the worker table, and every table entry loads a function', async () => {
  // Loading the app and the simulator defines every task handle the service uses.
  await import('./app.ts');
  await import('./simulator/index.ts');
  assert.deepEqual(definedTaskNames(), Object.keys(TASKS).sort());
  for (const [name, load] of Object.entries(TASKS)) assert.equal(typeof (await load()), 'function', name);
});
