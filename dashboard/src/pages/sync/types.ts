type SyncStatusName = 'inactive' | 'pending' | 'healthy' | 'stalled';

export interface FiscalProfileSync {
  fiscal_profile_id: string;
  rfc: string;
  enabled: boolean;
  status: SyncStatusName;
  sync_from: string | null;
  synced_through: string | null;
  lag_days: number | null;
  documents: number;
  checked_at: string | null;
}
