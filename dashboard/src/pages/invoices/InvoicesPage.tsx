import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { ExportButtons } from '../exports/ExportButtons.tsx';
import { InvoiceStatus } from './InvoiceStatus.tsx';
import { type Invoice, STATUSES } from './types.ts';
import { useCan } from '../../core/session.ts';

export function InvoicesPage() {
  const writes = useCan('write');
  return (
    <Page
      title={t('invoices.title')}
      actions={
        <>
          <ExportButtons source="invoices" />
          {writes && (
            <a class="button primary" href={href('/invoices/new')}>
              {t('invoices.create')}
            </a>
          )}
        </>
      }
    >
      <ResourceList<Invoice>
        path="/v1/invoices"
        caption={t('invoices.title')}
        empty={t('invoices.empty')}
        rowHref={(invoice) => href(`/invoices/${invoice.id}`)}
        filters={[
          { name: 'q', label: t('invoices.search') },
          {
            name: 'status',
            label: t('field.status'),
            type: 'select',
            options: STATUSES.map((status) => ({ value: status, label: t(`invoices.status.${status}`) })),
          },
          { name: 'customer_rfc', label: t('invoices.customerRfc') },
          { name: 'uuid', label: t('invoices.uuid') },
          { name: 'serie', label: t('invoices.serie') },
          { name: 'folio', label: t('invoices.folio') },
          { name: 'created[gte]', label: t('invoices.createdFrom'), type: 'date' },
          { name: 'created[lte]', label: t('invoices.createdTo'), type: 'date' },
        ]}
        columns={[
          { label: t('invoices.folio'), render: (invoice) => `${invoice.serie ?? ''}${invoice.serie ? '-' : ''}${invoice.folio}` },
          { label: t('invoices.customer'), render: (invoice) => `${invoice.customer.name} (${invoice.customer.rfc})` },
          { label: t('field.status'), render: (invoice) => <InvoiceStatus invoice={invoice} /> },
          { label: t('invoices.total'), render: (invoice) => formatMoney(invoice.total, invoice.currency), numeric: true },
          { label: t('field.created'), render: (invoice) => formatDate(invoice.created_at) },
        ]}
      />
    </Page>
  );
}
