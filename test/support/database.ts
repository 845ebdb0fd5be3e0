import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/database.ts';

/**
 * A fresh, empty database for one test app: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways). The server's
 * database is dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const created = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ url: created.url, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL (for a server in another process too) and how to drop it. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
