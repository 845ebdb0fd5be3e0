export interface UsageRecord {
  id: string;
  kind: 'stamp' | 'validation' | string;
  quantity: number;
  resource_id: string;
  created_at: string;
}

export interface Balance {
  livemode: boolean;
  /** Null in test mode, which is unmetered. */
  stamp_credits: number | null;
  stamps_used: number;
}
