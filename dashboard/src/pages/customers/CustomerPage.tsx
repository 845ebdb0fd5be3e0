import { apiPath } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useCan } from '../../core/session.ts';
import { CatalogText } from '../../kit/catalogs.tsx';
import { DeleteAction } from '../../kit/DeleteAction.tsx';
import { Badge } from '../../kit/Page.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import type { Customer } from './types.ts';

/** One saved customer: its fields, and for the roles that write, its edit form and delete. */
export function CustomerPage({ params }: { params: Record<string, string> }) {
  const writer = useCan('write');
  const path = apiPath`/v1/customers/${params.id}`;
  return (
    <ResourceDetail<Customer>
      path={path}
      title={(customer) => customer?.legal_name ?? t('customers.one')}
      subtitle={(customer) => <code>{customer.rfc}</code>}
      actions={
        writer ? () => <DeleteAction path={path} label={t('customers.delete')} consequence={t('customers.deleteConfirm')} then="/customers" /> : undefined
      }
      fields={[
        { label: t('field.rfc'), render: (customer) => <code>{customer.rfc}</code> },
        { label: t('customers.legalName'), render: (customer) => customer.legal_name },
        { label: t('field.taxRegime'), render: (customer) => <CatalogText catalog="regimen_fiscal" code={customer.tax_regime} /> },
        { label: t('customers.postalCode'), render: (customer) => customer.postal_code },
        { label: t('customers.cfdiUse'), render: (customer) => <CatalogText catalog="uso_cfdi" code={customer.cfdi_use} /> },
        { label: t('customers.emails'), render: (customer) => (customer.emails.length > 0 ? customer.emails.join(', ') : '—') },
        {
          label: t('customers.taxValidation'),
          render: (customer) => (
            <Badge tone={customer.tax_validation.status === 'verified' ? 'ok' : 'neutral'}>
              {t(customer.tax_validation.status === 'verified' ? 'customers.verified' : 'customers.unverified')}
            </Badge>
          ),
        },
        { label: t('field.created'), render: (customer) => formatDate(customer.created_at) },
        { label: t('field.id'), render: (customer) => <code>{customer.id}</code> },
      ]}
    >
      {(customer, resource) =>
        writer && (
          <details class="panel">
            <summary>
              <h2>{t('customers.edit')}</h2>
            </summary>
            <CustomerForm customer={customer} onDone={resource.replace} />
          </details>
        )
      }
    </ResourceDetail>
  );
}
