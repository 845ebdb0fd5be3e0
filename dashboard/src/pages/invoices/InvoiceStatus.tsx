import { t } from '../../core/i18n.ts';
import { Badge } from '../../kit/Page.tsx';
import type { Invoice } from './types.ts';

const TONES = { draft: 'neutral', stamping: 'warn', stamped: 'ok', cancelled: 'bad' } as const;

export function InvoiceStatus({ invoice }: { invoice: Pick<Invoice, 'status' | 'cancellation'> }) {
  const pending = invoice.status === 'stamped' && invoice.cancellation.status === 'pending';
  return <Badge tone={pending ? 'warn' : TONES[invoice.status]}>{pending ? t('invoices.cancellationPending') : t(`invoices.status.${invoice.status}`)}</Badge>;
}
