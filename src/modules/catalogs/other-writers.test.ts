import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CatalogLoadConflict, waitingForOtherWriters } from './store.ts';

const conflict = () => new CatalogLoadConflict('another load of this catalog is under way');

test('a load that meets another writer waits and tries again until it writes', async () => {
  let attempts = 0;
  const result = await waitingForOtherWriters(
    async () => {
      attempts += 1;
      if (attempts < 3) throw conflict();
      return 'written';
    },
    { pollMs: 1 },
  );
  assert.equal(result, 'written');
  assert.equal(attempts, 3);
});

test('a load stops waiting once the other writer has done its work', async () => {
  let attempts = 0;
  let checks = 0;
  const result = await waitingForOtherWriters(
    async () => {
      attempts += 1;
      throw conflict();
    },
    { pollMs: 1, settled: async () => (++checks === 2 ? 'written by the other' : undefined) },
  );
  assert.equal(result, 'written by the other');
  assert.equal(attempts, 2, 'no attempt after the other writer finished');
});

test('other failures are not waited on, and a wait past its limit gives up with the conflict', async () => {
  let attempts = 0;
  await assert.rejects(
    waitingForOtherWriters(
      async () => {
        attempts += 1;
        throw new Error('disk full');
      },
      { pollMs: 1 },
    ),
    /disk full/,
  );
  assert.equal(attempts, 1);
  await assert.rejects(
    waitingForOtherWriters(async () => Promise.reject(conflict()), { pollMs: 5, giveUpMs: 20 }),
    (error: unknown) => error instanceof CatalogLoadConflict,
  );
});

test('an aborted wait ends with the abort', async () => {
  const abort = new AbortController();
  const waiting = waitingForOtherWriters(async () => Promise.reject(conflict()), { pollMs: 60_000, signal: abort.signal });
  abort.abort();
  await assert.rejects(waiting, { name: 'AbortError' });
});
