import { apiPath } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { editable } from './invoice-body.ts';
import { InvoiceForm } from './NewInvoicePage.tsx';
import type { Invoice } from './types.ts';

/** A draft in the invoice form; stamped invoices and drafts the form cannot show are not edited here. */
export function EditInvoicePage({ params }: { params: Record<string, string> }) {
  const invoice = useResource<Invoice>(apiPath`/v1/invoices/${params.id}`);
  if (invoice.data && editable(invoice.data)) return <InvoiceForm draft={invoice.data} />;
  return (
    <Page title={t('invoices.edit')}>
      <ProblemBox problem={invoice.problem} />
      {invoice.loading && <p class="loading">{t('list.loading')}</p>}
      {invoice.data && (
        <p class="notice warn">
          {t('invoices.notEditable')} <a href={href(`/invoices/${invoice.data.id}`)}>{t('invoices.backToInvoice')}</a>
        </p>
      )}
    </Page>
  );
}
