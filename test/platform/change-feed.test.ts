/**
 * What a process keeps in memory on PostgreSQL follows changes made by other processes: the
 * database announces each change to an API key, a fiscal profile or the active catalogs when it
 * commits, and a process
 * whose listening connection is lost serves nothing from memory until it listens again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { ResetReason } from '../../src/platform/db/changes.ts';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { hashSecret } from '../../src/platform/http/auth.ts';
import { createApiKey, createAuthBackend, KeyCache } from '../../src/modules/api-keys/index.ts';
import { newId } from '../../src/platform/ids.ts';
import { createCatalogStore } from '../../src/modules/catalogs/index.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { importCatalogs } from '../../src/modules/catalogs/import-catalogs.ts';
import { createServerDatabase } from '../support/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL): two processes share one database';

let drop: (() => Promise<void>) | undefined;
/** This process, and "another node" writing to the same database. */
let here: DatabaseHandle;
let there: DatabaseHandle;

before(async () => {
  if (skip) return;
  const created = await createServerDatabase(serverUrl!);
  drop = created.drop;
  here = await openDatabase({ url: created.url, poolSize: 2 });
  there = await openDatabase({ url: created.url, poolSize: 2 });
  await migrate(here);
});

after(async () => {
  await here?.close();
  await there?.close();
  await drop?.();
});

/** Resolves with the next change announced on `topic`. */
function nextChange(handle: DatabaseHandle, topic: string): Promise<string> {
  return new Promise((resolve) => handle.changes.subscribe(topic, resolve));
}

function nextReset(handle: DatabaseHandle): Promise<ResetReason> {
  return new Promise((resolve) => handle.changes.onReset(resolve));
}

async function listening(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 0; attempt < 200 && !handle.changes.live; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(handle.changes.live, 'the change feed listens');
}

async function newKey(handle: DatabaseHandle): Promise<{ id: string; secret: string }> {
  const organizationId = newId('org');
  const now = new Date();
  await handle.db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Feed', created_at: now, updated_at: now } as never)
    .execute();
  const { row, secret } = await createApiKey(handle.db, organizationId, { name: 'feed', mode: 'test', at: now });
  return { id: row.id, secret };
}

test('a key another process revokes is dropped from this process’s cache when the revocation commits', { skip }, async () => {
  const cache = new KeyCache(here.changes);
  const auth = createAuthBackend(here.db, async () => null, cache);
  await listening(here);
  const key = await newKey(here);
  const hash = hashSecret(key.secret);
  assert.equal((await auth.findKeyByHash(hash))?.revokedAt, null);
  assert.ok(cache.get(hash), 'the key is served from memory');

  const announced = nextChange(here, 'api_keys');
  await there.db.transaction().execute(async (trx) => {
    await sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${key.id}`.execute(trx);
    // Not before the commit: a change still in flight (or rolled back) is not announced.
    assert.equal(cache.get(hash)?.revokedAt, null);
  });
  assert.equal(await announced, key.id);
  assert.equal(cache.get(hash), undefined, 'the announcement dropped it');
  assert.ok((await auth.findKeyByHash(hash))?.revokedAt, 'the next request reads the revocation');
});

test('while the listening connection is lost nothing is served from memory, and what was cached is dropped', { skip }, async () => {
  const cache = new KeyCache(here.changes);
  const auth = createAuthBackend(here.db, async () => null, cache);
  await listening(here);
  const key = await newKey(here);
  const hash = hashSecret(key.secret);
  await auth.findKeyByHash(hash);
  assert.ok(cache.get(hash));

  const lost = nextReset(here);
  const cut = await sql<{ cut: boolean }>`
    SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
    WHERE datname = current_database() AND query = 'LISTEN invoicing_changes' AND pid <> pg_backend_pid()`.execute(there.db);
  assert.ok(cut.rows.length >= 1, 'a listening connection was cut');
  assert.equal((await lost).lost, true);
  assert.equal(here.changes.live, false);
  assert.equal(cache.get(hash), undefined, 'nothing served while changes may be missed');
  // A change made meanwhile is not heard; the cache must not hold what it replaced once it listens again.
  await sql`UPDATE api_keys SET name = 'renamed while unheard' WHERE id = ${key.id}`.execute(there.db);
  await auth.findKeyByHash(hash);
  assert.equal(cache.get(hash), undefined, 'nothing stored while the feed is down');
  await listening(here);
  assert.equal(cache.get(hash), undefined);
  await auth.findKeyByHash(hash);
  assert.ok(cache.get(hash), 'cached again once it listens');
});

test('every change to a fiscal profile row, whoever makes it, is announced with its id', { skip }, async () => {
  await listening(here);
  const organizationId = newId('org');
  const id = newId('fp');
  const now = new Date();
  await there.db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Feed', created_at: now, updated_at: now } as never)
    .execute();
  const bytes = Buffer.from('x');
  await sql`
    INSERT INTO fiscal_profiles (id, organization_id, mode, rfc, legal_name, tax_regime, zip, data_key, master_key_id,
      csd_certificate, csd_serial, csd_valid_from, csd_valid_to, csd_private_key, csd_password, created_at, updated_at)
    VALUES (${id}, ${organizationId}, 'test', 'EKU9003173C9', 'Before', '601', '42501', ${bytes}, 'mk', ${bytes}, '1', ${now}, ${now},
      ${bytes}, ${bytes}, ${now}, ${now})`.execute(there.db);
  const updated = nextChange(here, 'fiscal_profiles');
  await sql`UPDATE fiscal_profiles SET legal_name = 'After' WHERE id = ${id}`.execute(there.db);
  assert.equal(await updated, id);
  const deleted = nextChange(here, 'fiscal_profiles');
  await sql`DELETE FROM fiscal_profiles WHERE id = ${id}`.execute(there.db);
  assert.equal(await deleted, id);
});

test('a catalog imported by another process reaches this one’s catalogs as the import commits, not at the next periodic check', { skip }, async () => {
  const store = await createCatalogStore(here.db);
  // The periodic check is an hour away: only the announcement can bring the import here in time.
  const stop = store.watch(3_600_000, (error) => assert.fail(String(error)), here.changes);
  try {
    await listening(here);
    assert.equal(store.index.isLoaded('clave_unidad'), false);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-feed-'));
    fs.writeFileSync(
      path.join(folder, 'c_ClaveUnidad.csv'),
      'id,texto,descripcion,notas,vigencia_desde,vigencia_hasta,simbolo\nH87,Pieza,Unidad contable,,2022-01-01,,\nE48,Unidad de servicio,,,2022-01-01,,\n',
    );
    await importCatalogs(there.db, folder, { clock: systemClock });
    fs.rmSync(folder, { recursive: true, force: true });
    for (let attempt = 0; attempt < 400 && !store.index.isLoaded('clave_unidad'); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(store.index.isLoaded('clave_unidad'), true);
  } finally {
    stop();
  }
});
