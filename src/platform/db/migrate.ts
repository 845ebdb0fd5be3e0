import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { packagePath } from '../runtime/layout.ts';

const MIGRATIONS_DIR = packagePath('migrations/');

export interface Migration {
  version: number;
  name: string;
  script: string;
}

/** Reads `NNNN_name.sql` files in version order; a gap or a repeated number is an error. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const migrations = files.map((file) => {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name ${file} is not NNNN_name.sql`);
    return { version: Number(match[1]), name: match[2]!, script: fs.readFileSync(path.join(dir, file), 'utf8') };
  });
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.version}_${migration.name} is out of sequence (expected ${index + 1})`);
    }
  });
  return migrations;
}

// Any constant works: it only has to be the same for every process migrating this database.
const MIGRATION_LOCK = 7_305_118_204;

export interface MigrateOptions {
  /**
   * A schema of their own for these migrations' tables and history (created when missing): how a
   * second set of migrations (the embedded simulator's) shares a database with the service's,
   * whose tables and `schema_migrations` stay in `public`.
   */
  schema?: string;
}

/**
 * Applies every migration not yet recorded, each in its own transaction, under an advisory lock
 * so that two processes starting together never apply the same one twice. Returns the versions
 * it applied.
 */
export async function migrate(handle: DatabaseHandle, migrations: Migration[] = readMigrations(), options: MigrateOptions = {}): Promise<number[]> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Schema name ${schema} is not a plain identifier`);
  const history = schema === undefined ? 'schema_migrations' : `${schema}.schema_migrations`;
  // SET LOCAL lasts until the script's COMMIT: other statements on the connection keep the default path.
  const searchPath = schema === undefined ? '' : `SET LOCAL search_path TO ${schema};\n`;
  return handle.session(async (exec) => {
    await exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK});
      ${schema === undefined ? '' : `CREATE SCHEMA IF NOT EXISTS ${schema};`}
      CREATE TABLE IF NOT EXISTS ${history} (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    try {
      const rows = (await exec(`SELECT version FROM ${history}`)) as { version: number }[];
      const applied = new Set(rows.map((row) => Number(row.version)));
      const newlyApplied: number[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue;
        try {
          await exec(
            `BEGIN;\n${searchPath}${migration.script}\n;\nINSERT INTO ${history} (version, name) VALUES (${migration.version}, '${migration.name}');\nCOMMIT;`,
          );
        } catch (error) {
          await exec('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
        }
        newlyApplied.push(migration.version);
      }
      return newlyApplied;
    } finally {
      await exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/** The latest version applied, for readiness checks. */
export async function appliedVersion(handle: DatabaseHandle): Promise<number> {
  const result = await sql<{ version: number | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(handle.db);
  return Number(result.rows[0]?.version ?? 0);
}
