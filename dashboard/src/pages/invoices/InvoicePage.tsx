import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { CancelPanel } from './CancelPanel.tsx';
import { Cancellation } from './Cancellation.tsx';
import { Documents } from './Documents.tsx';
import { EmailPanel } from './EmailPanel.tsx';
import { InvoiceActions } from './InvoiceActions.tsx';
import { InvoiceStatus } from './InvoiceStatus.tsx';
import type { Invoice } from './types.ts';
import { apiPath } from '../../core/api.ts';
import { Timeline } from '../events/Timeline.tsx';
import { useCan } from '../../core/session.ts';

export function InvoicePage({ params }: { params: Record<string, string> }) {
  const writes = useCan('write');
  return (
    <ResourceDetail<Invoice>
      path={apiPath`/v1/invoices/${params.id}`}
      title={(invoice) => (invoice ? t('invoices.one', { folio: `${invoice.serie ? `${invoice.serie}-` : ''}${invoice.folio}` }) : t('invoices.loadingOne'))}
      subtitle={(invoice) => <InvoiceStatus invoice={invoice} />}
      actions={(invoice, resource) => <InvoiceActions invoice={invoice} resource={resource} />}
      fields={[
        { label: t('invoices.customer'), render: (invoice) => `${invoice.customer.name} · ${invoice.customer.rfc}` },
        {
          label: t('invoices.issuer'),
          render: (invoice) => (
            <a href={href(`/fiscal-profiles/${invoice.fiscal_profile_id}`)}>{`${invoice.fiscal_profile.rfc} · ${invoice.fiscal_profile.legal_name}`}</a>
          ),
        },
        { label: t('invoices.subtotal'), render: (invoice) => formatMoney(invoice.subtotal, invoice.currency) },
        { label: t('invoices.taxes'), render: (invoice) => formatMoney(invoice.total_taxes_transferred, invoice.currency) },
        { label: t('invoices.total'), render: (invoice) => <strong>{formatMoney(invoice.total, invoice.currency)}</strong> },
        { label: t('invoices.uuid'), render: (invoice) => (invoice.uuid ? <code data-testid="uuid">{invoice.uuid}</code> : '—') },
        { label: t('invoices.stampedAt'), render: (invoice) => formatDate(invoice.stamped_at) },
        { label: t('field.created'), render: (invoice) => formatDate(invoice.created_at) },
        { label: t('field.id'), render: (invoice) => <code>{invoice.id}</code> },
      ]}
    >
      {(invoice, resource) => (
        <>
          {invoice.error && <p class="notice bad">{t('invoices.lastError', { error: invoice.error })}</p>}
          <section class="panel" aria-labelledby="items-title">
            <h2 id="items-title">{t('invoices.items')}</h2>
            <div class="table-wrap">
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">{t('invoices.description')}</th>
                    <th scope="col">{t('invoices.productKey')}</th>
                    <th scope="col" class="numeric">
                      {t('invoices.quantity')}
                    </th>
                    <th scope="col" class="numeric">
                      {t('invoices.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invoice.items.map((item, index) => (
                    <tr key={index}>
                      <td data-label={t('invoices.description')}>{item.description}</td>
                      <td data-label={t('invoices.productKey')}>
                        {item.product_key} · {item.unit_key}
                      </td>
                      <td data-label={t('invoices.quantity')} class="numeric">
                        {item.quantity} × {formatMoney(item.unit_price, invoice.currency)}
                      </td>
                      <td data-label={t('invoices.amount')} class="numeric">
                        {formatMoney(item.amount, invoice.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {invoice.cancellation.status !== 'none' && <Cancellation invoice={invoice} />}
          {invoice.status !== 'draft' && invoice.status !== 'stamping' && <Documents invoice={invoice} />}
          {invoice.status !== 'draft' && invoice.status !== 'stamping' && <EmailPanel invoice={invoice} />}
          {writes && invoice.status === 'stamped' && invoice.cancellation.status !== 'pending' && <CancelPanel invoice={invoice} onDone={resource.replace} />}
          <Timeline objectId={invoice.id} />
        </>
      )}
    </ResourceDetail>
  );
}
