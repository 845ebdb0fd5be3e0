import type { Insertable, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';

export interface UsageRecordTable {
  id: string;
  organization_id: string;
  mode: Mode;
  kind: string;
  quantity: number;
  resource_id: string;
  created_at: Date;
}

interface StampBalanceTable {
  organization_id: string;
  credits: number;
  granted_total: number;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    usage_records: UsageRecordTable;
    stamp_balances: StampBalanceTable;
  }
}

export type UsageRecordRow = Selectable<UsageRecordTable>;

/** One unit of `kind` used by `resourceId` at `at`, as a new usage record. */
export function usageRow(kind: string, input: { organizationId: string; mode: Mode; resourceId: string; at: Date }): Insertable<UsageRecordTable> {
  return {
    id: newId('ur', input.at.getTime()),
    organization_id: input.organizationId,
    mode: input.mode,
    kind,
    quantity: 1,
    resource_id: input.resourceId,
    created_at: input.at,
  };
}

/** Inserts a usage record once per (kind, resource); returns false when it already existed. */
export async function insertUsageRecord(db: Db, row: Insertable<UsageRecordTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('usage_records')
    .values(row)
    .onConflict((conflict) => conflict.columns(['organization_id', 'mode', 'kind', 'resource_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * insertUsageRecord and, when `takesCredit`, takeCredit for a newly inserted record, as CTEs
 * (`usage_inserted`, `usage_credit`) of a caller's statement, written only when `when` holds. An
 * empty balance takes nothing and fails nothing.
 */
export function usageRecordCtes(row: Insertable<UsageRecordTable>, options: { when: RawBuilder<unknown>; takesCredit: boolean }): RawBuilder<unknown> {
  const inserted = sql`usage_inserted AS (
    INSERT INTO usage_records (id, organization_id, mode, kind, quantity, resource_id, created_at)
    SELECT ${row.id}::text, ${row.organization_id}::text, ${row.mode}::text, ${row.kind}::text, ${row.quantity}::int, ${row.resource_id}::text, ${row.created_at}::timestamptz
    WHERE ${options.when}
    ON CONFLICT (organization_id, mode, kind, resource_id) DO NOTHING
    RETURNING id
  )`;
  if (!options.takesCredit) return inserted;
  return sql`${inserted}, usage_credit AS (
    UPDATE stamp_balances SET credits = credits - 1, updated_at = ${row.created_at}::timestamptz
    WHERE organization_id = ${row.organization_id}::text AND credits > 0 AND EXISTS (SELECT 1 FROM usage_inserted)
    RETURNING credits
  )`;
}

export function usageQuery(db: Db, organizationId: string, mode: Mode) {
  return db.selectFrom('usage_records').selectAll().where('organization_id', '=', organizationId).where('mode', '=', mode);
}

/** Takes one credit if there is one; false when the balance is empty. */
export async function takeCredit(db: Db, organizationId: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('stamp_balances')
    .set({ credits: sql`credits - 1`, updated_at: at })
    .where('organization_id', '=', organizationId)
    .where('credits', '>', 0)
    .returning('credits')
    .executeTakeFirst();
  return row !== undefined;
}

export async function creditsOf(db: Db, organizationId: string): Promise<number> {
  const row = await db.selectFrom('stamp_balances').select('credits').where('organization_id', '=', organizationId).executeTakeFirst();
  return row?.credits ?? 0;
}

export async function addCredits(db: Db, organizationId: string, credits: number, at: Date): Promise<number> {
  const row = await db
    .insertInto('stamp_balances')
    .values({ organization_id: organizationId, credits, granted_total: credits, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('organization_id').doUpdateSet({
        credits: sql`stamp_balances.credits + ${credits}`,
        granted_total: sql`stamp_balances.granted_total + ${credits}`,
        updated_at: at,
      }),
    )
    .returning('credits')
    .executeTakeFirstOrThrow();
  return row.credits;
}

export async function countUsage(db: Db, organizationId: string, mode: Mode, kind: string): Promise<number> {
  const row = await db
    .selectFrom('usage_records')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('total'))
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
