import { useState } from 'preact/hooks';
import { formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { sessionStore, useCan } from '../../core/session.ts';
import { useStore } from '../../core/store.ts';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { ProductForm } from './ProductForm.tsx';
import { type Product, taxLabel } from './types.ts';

/** Saved products: searched by description or SKU, paged, and created here (for the roles that write). */
export function ProductsPage() {
  const session = useStore(sessionStore);
  const writer = useCan('write');
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t('products.title')}
      subtitle={t('products.subtitle')}
      actions={
        writer && (
          <button type="button" class="button primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {t('products.create')}
          </button>
        )
      }
    >
      {!writer && session?.role && <p class="notice">{t('saved.readOnly', { role: t(`role.${session.role}`) })}</p>}
      {creating && (
        <div class="panel">
          <h2>{t('products.create')}</h2>
          <ProductForm onDone={(product) => navigate(`/products/${product.id}`)} />
        </div>
      )}
      <ResourceList<Product>
        path="/v1/products"
        caption={t('products.title')}
        empty={t('products.empty')}
        filters={[{ name: 'search', label: t('products.search') }]}
        rowHref={(product) => href(`/products/${product.id}`)}
        columns={[
          { label: t('products.description'), render: (product) => product.description },
          { label: t('products.productKey'), render: (product) => <code>{product.product_key}</code> },
          { label: t('products.unitKey'), render: (product) => `${product.unit_key}${product.unit_name ? ` · ${product.unit_name}` : ''}` },
          { label: t('products.taxes'), render: (product) => product.taxes.map(taxLabel).join(', ') || '—' },
          { label: t('products.sku'), render: (product) => product.sku ?? '—' },
          { label: t('products.price'), render: (product) => formatMoney(product.price), numeric: true },
        ]}
      />
    </Page>
  );
}
