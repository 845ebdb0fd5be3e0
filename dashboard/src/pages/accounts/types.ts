export interface ConnectedAccount {
  id: string;
  name: string;
  email: string | null;
  parent: string;
  disabled: boolean;
  metadata: Record<string, string>;
  created_at: string;
}
