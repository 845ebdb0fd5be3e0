/** The figures of `GET /v1/reports/monthly`, in the order the page shows them. */
export const FIGURES = [
  'issued_income',
  'issued_credit_notes',
  'issued_payments',
  'received_expenses',
  'received_credit_notes',
  'received_payments',
  'iva_trasladado',
  'iva_acreditable',
  'isr_retenido_issued',
  'iva_retenido_issued',
  'isr_retenido_received',
  'iva_retenido_received',
] as const;
export type Figure = (typeof FIGURES)[number];

export interface MonthlyReport {
  figures: Record<Figure, { amount: string; count: number; items_url: string }>;
  excluded: { cancelled: number; without_content: number; unresolved_payments: number };
}

export interface ReportItem {
  id: string;
  uuid: string;
  document_uuid: string | null;
  date: string;
  counterparty_rfc: string | null;
  amount: string;
}
