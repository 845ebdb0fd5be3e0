import type { Page as ListPage } from '../../core/api.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { SelectField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';
import { useResource } from '../../kit/resource.ts';
import { CREDIT_NOTE_RELATIONSHIPS, listedIds } from './invoice-body.ts';
import type { Invoice } from './types.ts';

const folioOf = (invoice: Invoice) => `${invoice.serie ? `${invoice.serie}-` : ''}${invoice.folio}`;
/** An RFC long enough to be one (12 characters for a company, 13 for a person). */
const looksLikeRfc = (rfc: string) => rfc.length >= 12;

/**
 * A credit note's related CFDIs (type E): the tipo de relación (01 nota de crédito, 03
 * devolución, 07 aplicación de anticipo) and, chosen from a list, the customer's stamped income
 * invoices it relates to. The choices are kept in `related.invoices` as ids separated by commas.
 */
export function RelatedFields({ form }: { form: FormState }) {
  const rfc = (form.values['customer.rfc'] ?? '').trim().toUpperCase();
  const list = useResource<ListPage<Invoice>>(looksLikeRfc(rfc) ? '/v1/invoices' : undefined, {
    query: { status: 'stamped', customer_rfc: rfc, limit: '100' },
  });
  const candidates = (list.data?.data ?? []).filter((invoice) => invoice.type === 'I');
  const chosen = listedIds(form.values['related.invoices']);
  function toggle(id: string, on: boolean) {
    const next = on ? [...chosen, id] : chosen.filter((entry) => entry !== id);
    form.set('related.invoices', next.join(','));
  }
  return (
    <fieldset data-testid="related-fields">
      <legend>{t('invoiceTypes.related')}</legend>
      <SelectField
        form={form}
        name="related.relationship"
        label={t('invoiceTypes.relationship')}
        options={CREDIT_NOTE_RELATIONSHIPS.map((code) => ({ value: code, label: `${code} · ${t(`invoiceTypes.relationship${code}`)}` }))}
      />
      <p class="field-label" id="related-invoices-label">
        {t('invoiceTypes.relatedInvoices')}
      </p>
      {!looksLikeRfc(rfc) ? (
        <p class="hint">{t('invoiceTypes.relatedNeedsCustomer')}</p>
      ) : list.loading ? (
        <p class="loading">{t('list.loading')}</p>
      ) : candidates.length === 0 ? (
        <p class="notice warn">{t('invoiceTypes.relatedNone', { rfc })}</p>
      ) : (
        <ul class="choice-list" aria-labelledby="related-invoices-label">
          {candidates.map((invoice) => (
            <li key={invoice.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(invoice.id)} onChange={(event) => toggle(invoice.id, event.currentTarget.checked)} />
                <span>
                  {folioOf(invoice)} · {formatMoney(invoice.total, invoice.currency)} · {formatDate(invoice.stamped_at)}
                  <small class="uuid">{invoice.uuid}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
