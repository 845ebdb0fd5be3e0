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
/** UUIDs compared as the SAT does, without regard to case. */
const sameUuid = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * A credit note's related CFDIs (type E): the tipo de relación (01 nota de crédito, 03
 * devolución, 07 aplicación de anticipo) and, chosen from a list, the customer's stamped income
 * invoices it relates to. The choices are kept in `related.invoices` as ids separated by commas;
 * an edited draft's relations, which the API gives as UUIDs, in `related.uuids`: an invoice of the
 * list whose UUID is there shows checked, and a UUID the list does not hold shows on its own.
 */
export function RelatedFields({ form }: { form: FormState }) {
  const rfc = (form.values['customer.rfc'] ?? '').trim().toUpperCase();
  const list = useResource<ListPage<Invoice>>(looksLikeRfc(rfc) ? '/v1/invoices' : undefined, {
    query: { status: 'stamped', customer_rfc: rfc, limit: '100' },
  });
  const candidates = (list.data?.data ?? []).filter((invoice) => invoice.type === 'I');
  const chosen = listedIds(form.values['related.invoices']);
  const kept = listedIds(form.values['related.uuids']);
  const keeps = (uuid: string | null) => uuid !== null && kept.some((entry) => sameUuid(entry, uuid));
  const keptAlone = kept.filter((uuid) => !candidates.some((invoice) => invoice.uuid !== null && sameUuid(invoice.uuid, uuid)));
  function drop(uuid: string | null) {
    form.set('related.uuids', kept.filter((entry) => uuid === null || !sameUuid(entry, uuid)).join(','));
  }
  function toggle(invoice: Invoice, on: boolean) {
    const next = on ? [...chosen, invoice.id] : chosen.filter((entry) => entry !== invoice.id);
    form.set('related.invoices', next.join(','));
    if (!on) drop(invoice.uuid);
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
      {keptAlone.length > 0 && (
        <ul class="choice-list" aria-label={t('invoiceTypes.relatedKept')}>
          {keptAlone.map((uuid) => (
            <li key={uuid}>
              <label>
                <input type="checkbox" checked onChange={() => drop(uuid)} />
                <span>
                  {t('invoiceTypes.relatedKept')}
                  <small class="uuid">{uuid}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
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
                <input
                  type="checkbox"
                  checked={chosen.includes(invoice.id) || keeps(invoice.uuid)}
                  onChange={(event) => toggle(invoice, event.currentTarget.checked)}
                />
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
