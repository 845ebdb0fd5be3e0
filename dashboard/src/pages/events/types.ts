export interface ApiEvent {
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  livemode: boolean;
  account: string | null;
  data: { object: Record<string, unknown> & { id?: string; object?: string } };
}
