import { useState } from 'preact/hooks';
import { apiPath, api, type Problem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import type { Resource } from '../../kit/resource.ts';
import { copyBody, copyable } from './copy.ts';
import { editable } from './invoice-body.ts';
import type { Invoice } from './types.ts';
import { useCan } from '../../core/session.ts';

/** Stamp and delete, for drafts; duplicate, for any invoice the form can repeat. A stamp carries an Idempotency-Key so a retry never stamps twice. */
export function InvoiceActions({ invoice, resource }: { invoice: Invoice; resource: Resource<Invoice> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
  const writes = useCan('write');
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  }
  const stamp = () =>
    run(async () => {
      resource.replace(await api.post<Invoice>(apiPath`/v1/invoices/${invoice.id}/stamp`, undefined));
    });
  const remove = () =>
    run(async () => {
      await api.delete(apiPath`/v1/invoices/${invoice.id}`);
      navigate('/invoices');
    });
  const duplicate = () =>
    run(async () => {
      const draft = await api.post<Invoice>('/v1/invoices', copyBody(invoice));
      navigate(`/invoices/${draft.id}`);
    });
  return (
    <div class="action-bar">
      {writes && invoice.status === 'draft' && (
        <>
          <button type="button" class="button primary" disabled={busy} aria-busy={busy} onClick={stamp}>
            {busy ? t('form.working') : t('invoices.stamp')}
          </button>
          {editable(invoice) && (
            <a class="button" href={href(`/invoices/${invoice.id}/edit`)}>
              {t('invoices.edit')}
            </a>
          )}
          <button type="button" class="button danger" disabled={busy} onClick={remove}>
            {t('invoices.deleteDraft')}
          </button>
        </>
      )}
      {invoice.status === 'stamping' && (
        <button type="button" class="button" onClick={resource.reload}>
          {t('invoices.refresh')}
        </button>
      )}
      {writes && copyable(invoice) && invoice.status !== 'stamping' && (
        <button type="button" class="button" disabled={busy} onClick={duplicate}>
          {t('invoices.duplicate')}
        </button>
      )}
      <ProblemBox problem={problem} />
    </div>
  );
}
