import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { CatalogSelect } from '../../kit/catalogs.tsx';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import type { Invoice } from './types.ts';

/** Cancels a stamped invoice with a motivo (01 needs the substitute invoice). */
export function CancelPanel({ invoice, onDone }: { invoice: Invoice; onDone: (invoice: Invoice) => void }) {
  const form = useForm({ reason: '', substitute_invoice_id: '' });
  async function submit() {
    const body: Record<string, string> = { reason: form.values.reason };
    if (form.values.substitute_invoice_id.trim()) body.substitute_invoice_id = form.values.substitute_invoice_id.trim();
    onDone(await api.post<Invoice>(apiPath`/v1/invoices/${invoice.id}/cancel`, body));
  }
  return (
    <details class="panel danger-zone">
      <summary>
        <h2>{t('invoices.cancel')}</h2>
      </summary>
      {invoice.cancellation.status === 'rejected' && <p class="notice warn">{t('invoices.cancellationRejected')}</p>}
      <Form form={form} onSubmit={submit} submitLabel={t('invoices.cancelSubmit')} label={t('invoices.cancel')}>
        <CatalogSelect form={form} name="reason" label={t('invoices.reason')} catalog="motivo_cancelacion" />
        {form.values.reason === '01' && (
          <TextField form={form} name="substitute_invoice_id" label={t('invoices.substitute')} hint={t('invoices.substituteHint')} />
        )}
      </Form>
    </details>
  );
}
