import type { Answer, Item } from '../../api/types.ts';

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
] as const satisfies readonly (keyof MonthlyReport['figures'])[];
export type Figure = (typeof FIGURES)[number];

export type MonthlyReport = Answer<'getMonthlyReport'>;

export type ReportItem = Item<'listMonthlyReportItems'>;
