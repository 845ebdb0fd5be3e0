import type { DatabaseHandle } from '../../platform/db/database.ts';
import { appliedVersion, readMigrations } from '../../platform/db/migrate.ts';

/** What one readiness check found; `detail` says why when it is not ok. */
interface CheckResult {
  ok: boolean;
  detail?: string;
  /** Extra facts shown on /readyz (counts, versions, URLs). */
  facts?: Record<string, unknown>;
}

/**
 * One dependency the service needs before it can take traffic. The database check is built in;
 * the composition root passes more (the simulator URL, the SAT catalogs' import status…).
 */
export interface ReadinessCheck {
  name: string;
  run(): Promise<CheckResult>;
}

/** Reachable, and every migration this build ships has been applied. */
export function databaseCheck(database: DatabaseHandle, expectedMigrations: number): ReadinessCheck {
  return {
    name: 'database',
    async run() {
      const facts = { kind: database.kind };
      let applied: number;
      try {
        applied = await appliedVersion(database);
      } catch (error) {
        return { ok: false, detail: `The database is not reachable: ${(error as Error).message}`, facts };
      }
      const migrations = { applied, expected: expectedMigrations };
      // A newer schema than this build knows is fine during a rolling deploy: migrations only add.
      if (applied < expectedMigrations) {
        return {
          ok: false,
          detail: `Migrations pending: ${applied} of ${expectedMigrations} applied; run \`invoicing migrate\`.`,
          facts: { ...facts, migrations },
        };
      }
      return { ok: true, facts: { ...facts, migrations } };
    },
  };
}

/**
 * The shared rate-limit store (Redis), reported and never failing: without Redis a node decides
 * limits with buckets of its own and still serves (docs/decisions.md, "Outages"), so taking it out
 * of the load balancer would only turn a looser limit into an outage.
 */
export function rateLimitStoreCheck(store: { status(): Record<string, unknown> }): ReadinessCheck {
  return { name: 'rate_limits', run: async () => ({ ok: true, facts: store.status() }) };
}

export interface CheckReport {
  name: string;
  ok: boolean;
  detail?: string;
  [fact: string]: unknown;
}

/** Runs every check concurrently; a check that throws counts as failed, never as a 500. */
export async function runChecks(checks: readonly ReadinessCheck[]): Promise<CheckReport[]> {
  return Promise.all(
    checks.map(async (check): Promise<CheckReport> => {
      try {
        const result = await check.run();
        return { name: check.name, ok: result.ok, ...(result.detail ? { detail: result.detail } : {}), ...result.facts };
      } catch (error) {
        return { name: check.name, ok: false, detail: (error as Error).message };
      }
    }),
  );
}

/** How many migrations this build ships; read once at start, since they do not change while it runs. */
export function shippedMigrationCount(): number {
  return readMigrations().length;
}
