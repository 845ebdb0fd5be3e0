/** A profile's synchronization as the API answers it, and as `fiscal_profile_sync.updated` carries it. */
import type { Db } from '../../platform/db/database.ts';
import { countForProfile } from '../cfdis/index.ts';
import { daysBetween, today } from './plan.ts';
import type { SyncRow, SyncStatus } from './repository.ts';

export interface RenderedSync {
  object: 'fiscal_profile_sync';
  fiscal_profile_id: string;
  rfc: string;
  enabled: boolean;
  status: SyncStatus;
  sync_from: string | null;
  synced_through: string | null;
  lag_days: number | null;
  documents: number;
  checked_at: string | null;
}

export async function renderSync(db: Db, row: SyncRow, now: Date): Promise<RenderedSync> {
  return {
    object: 'fiscal_profile_sync',
    fiscal_profile_id: row.fiscal_profile_id,
    rfc: row.rfc,
    enabled: row.enabled,
    status: row.status,
    sync_from: row.sync_from,
    synced_through: row.synced_through,
    lag_days: row.synced_through === null ? null : daysBetween(row.synced_through, today(now)),
    documents: await countForProfile(db, row.organization_id, row.mode, row.fiscal_profile_id),
    checked_at: row.checked_at ? row.checked_at.toISOString() : null,
  };
}

export function inactive(profile: { id: string; rfc: string }): RenderedSync {
  return {
    object: 'fiscal_profile_sync',
    fiscal_profile_id: profile.id,
    rfc: profile.rfc,
    enabled: false,
    status: 'inactive',
    sync_from: null,
    synced_through: null,
    lag_days: null,
    documents: 0,
    checked_at: null,
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'fiscal_profile_sync.updated': RenderedSync;
  }
}
