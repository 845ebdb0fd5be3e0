import assert from 'node:assert/strict';
import os from 'node:os';
import { test } from 'node:test';
import { processPlan, ProcessPlanError } from './processes.ts';

const postgres = { databaseUrl: 'postgres://db/invoicing', runWorker: true };
const embedded = { databaseUrl: undefined, runWorker: true };

test('on PostgreSQL serve runs one API process per core and one job worker unless told otherwise', () => {
  const cores = os.availableParallelism();
  assert.deepEqual(processPlan([], {}, postgres), { api: cores, workers: cores > 1 ? 1 : 0, supervised: cores > 1 });
  assert.deepEqual(processPlan(['--processes', '3'], {}, postgres), { api: 3, workers: 1, supervised: true });
  assert.deepEqual(processPlan(['--processes=3', '--workers=2'], {}, postgres), { api: 3, workers: 2, supervised: true });
  assert.deepEqual(processPlan(['--processes', '3'], {}, { ...postgres, runWorker: false }), { api: 3, workers: 0, supervised: true });
});

test('WEB_CONCURRENCY sets the API processes, and --processes wins over it', () => {
  assert.equal(processPlan([], { WEB_CONCURRENCY: '5' }, postgres).api, 5);
  assert.equal(processPlan(['--processes', '2'], { WEB_CONCURRENCY: '5' }, postgres).api, 2);
});

test('--processes 1 without --workers is the single process that runs everything', () => {
  assert.deepEqual(processPlan(['--processes', '1'], {}, postgres), { api: 1, workers: 0, supervised: false });
  assert.deepEqual(processPlan(['--processes', '1', '--workers', '1'], {}, postgres), { api: 1, workers: 1, supervised: true });
});

test('the embedded database refuses a second process with a message that names DATABASE_URL', () => {
  assert.deepEqual(processPlan([], {}, embedded), { api: 1, workers: 0, supervised: false });
  assert.deepEqual(processPlan([], { WEB_CONCURRENCY: '1' }, embedded), { api: 1, workers: 0, supervised: false });
  assert.throws(
    () => processPlan(['--processes', '2'], {}, embedded),
    (error) => error instanceof ProcessPlanError && /DATABASE_URL/.test(error.message),
  );
  assert.throws(() => processPlan([], { WEB_CONCURRENCY: '4' }, embedded), /one process only/);
  assert.throws(() => processPlan(['--workers', '1'], {}, embedded), /need a PostgreSQL server/);
});

test('malformed counts and unknown options are refused', () => {
  assert.throws(() => processPlan(['--processes', '0'], {}, postgres), /--processes must be a whole number ≥ 1, got "0"/);
  assert.throws(() => processPlan(['--processes'], {}, postgres), /got ""/);
  assert.throws(() => processPlan([], { WEB_CONCURRENCY: 'many' }, postgres), /WEB_CONCURRENCY must be a whole number/);
  assert.throws(() => processPlan(['--workers', '-1'], {}, postgres), /--workers must be a whole number ≥ 0/);
  assert.throws(() => processPlan(['--threads', '2'], {}, postgres), /unknown option '--threads'/);
});
