import { useEffect, useRef, useState } from 'preact/hooks';
import { apiPath, api, type Page as ListPage, type Problem } from '../../core/api.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { navigate } from '../../core/router.ts';
import { CatalogSelect } from '../../kit/catalogs.tsx';
import { SelectField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { copyBody, copyable } from './copy.ts';
import type { Invoice } from './types.ts';

const folioOf = (invoice: Invoice) => `${invoice.serie ? `${invoice.serie}-` : ''}${invoice.folio}`;

/**
 * Cancels a stamped invoice, in a modal dialog that says what cannot be undone before anything is
 * sent. Motivo 01 needs the invoice that replaces this one: it is chosen from the customer's other
 * stamped invoices, not typed.
 */
export function CancelPanel({ invoice, onDone }: { invoice: Invoice; onDone: (invoice: Invoice) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const form = useForm({ reason: '', substitute_invoice_id: '' });
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);
  async function submit() {
    const body: Record<string, string> = { reason: form.values.reason };
    if (form.values.reason === '01' && form.values.substitute_invoice_id) body.substitute_invoice_id = form.values.substitute_invoice_id;
    const answer = await api.post<Invoice>(apiPath`/v1/invoices/${invoice.id}/cancel`, body);
    setOpen(false);
    onDone(answer);
  }
  return (
    <section class="panel danger-zone" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t('invoices.cancel')}</h2>
      {invoice.cancellation.status === 'rejected' && <p class="notice warn">{t('invoices.cancellationRejected')}</p>}
      <p class="hint">{t('invoices.cancelIntro')}</p>
      <button type="button" class="button danger" onClick={() => setOpen(true)}>
        {t('invoices.cancel')}
      </button>
      <dialog ref={dialog} class="dialog" aria-labelledby="cancel-dialog-title" onClose={() => setOpen(false)}>
        <h2 id="cancel-dialog-title">{t('invoices.cancelConfirmTitle', { folio: folioOf(invoice) })}</h2>
        <p class="notice warn" data-testid="cancel-consequence">
          {t('invoices.cancelConsequence')}
        </p>
        {open && (
          <Form
            form={form}
            onSubmit={submit}
            submitLabel={t('invoices.cancelSubmit')}
            label={t('invoices.cancel')}
            secondary={
              <button type="button" class="button subtle" onClick={() => setOpen(false)}>
                {t('invoices.cancelKeep')}
              </button>
            }
          >
            <CatalogSelect form={form} name="reason" label={t('invoices.reason')} catalog="motivo_cancelacion" />
            {form.values.reason === '01' && <SubstitutePicker form={form} invoice={invoice} />}
          </Form>
        )}
      </dialog>
    </section>
  );
}

/**
 * The invoices that can replace this one (motivo 01): the customer's stamped invoices that relate
 * to this one's UUID as its substitute (relation 04), which the SAT requires. Without one, a copy
 * of this invoice with that relation is created as a draft to correct and stamp.
 */
function SubstitutePicker({ form, invoice }: { form: ReturnType<typeof useForm>; invoice: Invoice }) {
  const list = useResource<ListPage<Invoice>>('/v1/invoices', { query: { status: 'stamped', customer_rfc: invoice.customer.rfc, limit: '100' } });
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  const candidates = (list.data?.data ?? []).filter(
    (entry) => entry.id !== invoice.id && entry.related.some((relation) => relation.relationship === '04' && relation.uuids.includes(invoice.uuid ?? '')),
  );
  async function createSubstitute() {
    setBusy(true);
    setProblem(undefined);
    try {
      const draft = await api.post<Invoice>('/v1/invoices', copyBody(invoice, [{ relationship: '04', uuids: [invoice.uuid ?? ''] }]));
      navigate(`/invoices/${draft.id}`);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  }
  if (list.loading) return <p class="loading">{t('list.loading')}</p>;
  if (candidates.length === 0)
    return (
      <div class="notice warn" data-testid="substitute-none">
        <p>{t('invoices.substituteNone')}</p>
        {copyable(invoice) && (
          <button type="button" class="button" disabled={busy} aria-busy={busy} onClick={createSubstitute}>
            {busy ? t('form.working') : t('invoices.substituteCreate')}
          </button>
        )}
        <ProblemBox problem={problem} />
      </div>
    );
  return (
    <SelectField
      form={form}
      name="substitute_invoice_id"
      label={t('invoices.substitute')}
      hint={t('invoices.substituteHint')}
      options={[
        { value: '', label: t('form.choose') },
        ...candidates.map((entry) => ({
          value: entry.id,
          label: `${folioOf(entry)} · ${formatMoney(entry.total, entry.currency)} · ${formatDate(entry.stamped_at)}`,
        })),
      ]}
    />
  );
}
