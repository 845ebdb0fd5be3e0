import { apiPath } from '../../core/api.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useCan } from '../../core/session.ts';
import { CatalogText } from '../../kit/catalogs.tsx';
import { DeleteAction } from '../../kit/DeleteAction.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { ProductForm } from './ProductForm.tsx';
import { type Product, taxLabel } from './types.ts';

/** One saved product: its fields, and for the roles that write, its edit form and delete. */
export function ProductPage({ params }: { params: Record<string, string> }) {
  const writer = useCan('write');
  const path = apiPath`/v1/products/${params.id}`;
  return (
    <ResourceDetail<Product>
      path={path}
      title={(product) => product?.description ?? t('products.one')}
      subtitle={(product) => <code>{product.product_key}</code>}
      actions={writer ? () => <DeleteAction path={path} label={t('products.delete')} consequence={t('products.deleteConfirm')} then="/products" /> : undefined}
      fields={[
        { label: t('products.description'), render: (product) => product.description },
        { label: t('products.productKey'), render: (product) => <code>{product.product_key}</code> },
        { label: t('products.unitKey'), render: (product) => <code>{product.unit_key}</code> },
        { label: t('products.unitName'), render: (product) => product.unit_name ?? '—' },
        { label: t('products.price'), render: (product) => formatMoney(product.price) },
        { label: t('products.taxes'), render: (product) => product.taxes.map(taxLabel).join(', ') || t('products.taxesNone') },
        { label: t('products.taxObject'), render: (product) => <CatalogText catalog="objeto_imp" code={product.tax_object} /> },
        { label: t('products.sku'), render: (product) => product.sku ?? '—' },
        { label: t('field.created'), render: (product) => formatDate(product.created_at) },
        { label: t('field.id'), render: (product) => <code>{product.id}</code> },
      ]}
    >
      {(product, resource) =>
        writer && (
          <details class="panel">
            <summary>
              <h2>{t('products.edit')}</h2>
            </summary>
            <ProductForm product={product} onDone={resource.replace} />
          </details>
        )
      }
    </ResourceDetail>
  );
}
