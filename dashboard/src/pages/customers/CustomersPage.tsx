import { useState } from 'preact/hooks';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { sessionStore, useCan } from '../../core/session.ts';
import { useStore } from '../../core/store.ts';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import type { Customer } from './types.ts';

/** Saved customers: searched by RFC or name, paged, and created here (for the roles that write). */
export function CustomersPage() {
  const session = useStore(sessionStore);
  const writer = useCan('write');
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t('customers.title')}
      subtitle={t('customers.subtitle')}
      actions={
        writer && (
          <button type="button" class="button primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {t('customers.create')}
          </button>
        )
      }
    >
      {!writer && session?.role && <p class="notice">{t('saved.readOnly', { role: t(`role.${session.role}`) })}</p>}
      {creating && (
        <div class="panel">
          <h2>{t('customers.create')}</h2>
          <CustomerForm onDone={(customer) => navigate(`/customers/${customer.id}`)} />
        </div>
      )}
      <ResourceList<Customer>
        path="/v1/customers"
        caption={t('customers.title')}
        empty={t('customers.empty')}
        filters={[{ name: 'search', label: t('customers.search') }]}
        rowHref={(customer) => href(`/customers/${customer.id}`)}
        columns={[
          { label: t('customers.legalName'), render: (customer) => customer.legal_name },
          { label: t('field.rfc'), render: (customer) => <code>{customer.rfc}</code> },
          { label: t('field.taxRegime'), render: (customer) => customer.tax_regime },
          { label: t('customers.postalCode'), render: (customer) => customer.postal_code },
          { label: t('field.created'), render: (customer) => formatDate(customer.created_at) },
        ]}
      />
    </Page>
  );
}
