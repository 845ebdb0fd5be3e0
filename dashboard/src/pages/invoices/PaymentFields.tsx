import type { Page as ListPage } from '../../core/api.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { CatalogSearch, CatalogSelect } from '../../kit/catalogs.tsx';
import { TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';
import { useResource } from '../../kit/resource.ts';
import { listedIds, needsExchangeRate, type PayableInvoice } from './invoice-body.ts';

const folioOf = (invoice: PayableInvoice) => `${invoice.serie ? `${invoice.serie}-` : ''}${invoice.folio}`;
const looksLikeRfc = (rfc: string) => rfc.length >= 12;

/** Money in a currency the browser may not know ("1,160.00 XTS" then). */
function money(amount: string, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * A payment (type P): when, how (forma de pago, not 99) and in which currency it was received,
 * and the customer's open PPD invoices it pays, each from GET /v1/payable_invoices with its saldo
 * insoluto and the amount paid of it (the whole balance by default). A chosen invoice is kept in
 * the form as `paid.<id>` (its amount) and `paid.<id>.document` (what the API said of it), and
 * the chosen ids in `paid.invoices`. An edited draft's paid invoice that the list no longer holds
 * (paid off since, say) shows on its own, from what the draft said of it, until it is unchecked.
 */
export function PaymentFields({ form }: { form: FormState }) {
  const rfc = (form.values['customer.rfc'] ?? '').trim().toUpperCase();
  const list = useResource<ListPage<PayableInvoice>>(looksLikeRfc(rfc) ? '/v1/payable_invoices' : undefined, { query: { customer_rfc: rfc } });
  const open = list.data?.data ?? [];
  const chosen = listedIds(form.values['paid.invoices']);
  const currency = (form.values['payments.0.currency'] ?? '').trim().toUpperCase();
  const unlisted = list.loading ? [] : chosen.filter((id) => !open.some((invoice) => invoice.invoice_id === id));
  function toggle(invoice: PayableInvoice, on: boolean) {
    const next = on ? [...chosen, invoice.invoice_id] : chosen.filter((id) => id !== invoice.invoice_id);
    form.set('paid.invoices', next.join(','));
    if (on) {
      form.set(`paid.${invoice.invoice_id}`, form.values[`paid.${invoice.invoice_id}`] || invoice.balance);
      form.set(`paid.${invoice.invoice_id}.document`, JSON.stringify(invoice));
    }
  }
  return (
    <fieldset data-testid="payment-fields">
      <legend>{t('invoiceTypes.payment')}</legend>
      <div class="form-grid">
        <TextField form={form} name="payments.0.date" label={t('invoiceTypes.paymentDate')} type="date" />
        <CatalogSelect
          form={form}
          name="payments.0.payment_form"
          label={t('invoices.paymentForm')}
          catalog="forma_pago"
          only={(entry) => entry.code !== '99'}
        />
      </div>
      <div class="form-grid">
        <CatalogSearch form={form} name="payments.0.currency" label={t('invoiceForm.currency')} catalog="moneda" hint={t('invoiceForm.currencyHint')} />
        {needsExchangeRate(currency) && (
          <TextField
            form={form}
            name="payments.0.exchange_rate"
            label={t('invoiceForm.exchangeRate')}
            inputMode="decimal"
            hint={t('invoiceForm.exchangeRateHint', { currency })}
          />
        )}
      </div>
      <TextField form={form} name="payments.0.operation_number" label={t('invoiceTypes.operationNumber')} hint={t('invoiceTypes.operationNumberHint')} />
      <p class="field-label" id="paid-invoices-label">
        {t('invoiceTypes.paidInvoices')}
      </p>
      {unlisted.length > 0 && (
        <ul class="choice-list" aria-label={t('invoiceTypes.paidKept')}>
          {unlisted.map((id) => {
            const document = JSON.parse(form.values[`paid.${id}.document`] ?? '{}') as Partial<PayableInvoice>;
            const folio = `${document.serie ? `${document.serie}-` : ''}${document.folio ?? ''}`;
            return (
              <li key={id}>
                <label>
                  <input type="checkbox" checked onChange={() => form.set('paid.invoices', chosen.filter((entry) => entry !== id).join(','))} />
                  <span>
                    {folio} · {t('invoiceTypes.paidKept')}
                    <small class="uuid">{document.uuid}</small>
                    <span>
                      {t('invoiceTypes.previousBalance', {
                        balance: money(document.balance ?? '', document.currency ?? currency),
                        installment: document.next_installment ?? '',
                      })}
                    </span>
                  </span>
                </label>
                <TextField form={form} name={`paid.${id}`} label={t('invoiceTypes.amountPaid', { folio })} inputMode="decimal" />
              </li>
            );
          })}
        </ul>
      )}
      {!looksLikeRfc(rfc) ? (
        <p class="hint">{t('invoiceTypes.relatedNeedsCustomer')}</p>
      ) : list.loading ? (
        <p class="loading">{t('list.loading')}</p>
      ) : open.length === 0 ? (
        <p class="notice warn">{t('invoiceTypes.payableNone', { rfc })}</p>
      ) : (
        <ul class="choice-list" aria-labelledby="paid-invoices-label">
          {open.map((invoice) => {
            const on = chosen.includes(invoice.invoice_id);
            return (
              <li key={invoice.invoice_id}>
                <label>
                  <input type="checkbox" checked={on} onChange={(event) => toggle(invoice, event.currentTarget.checked)} />
                  <span>
                    {folioOf(invoice)} · {formatDate(invoice.stamped_at)}
                    <small class="uuid">{invoice.uuid}</small>
                    <span data-testid="payable-balance">
                      {t('invoiceTypes.balance', {
                        balance: money(invoice.balance, invoice.currency),
                        total: money(invoice.total, invoice.currency),
                        installment: invoice.next_installment,
                      })}
                    </span>
                  </span>
                </label>
                {on && (
                  <TextField
                    form={form}
                    name={`paid.${invoice.invoice_id}`}
                    label={t('invoiceTypes.amountPaid', { folio: folioOf(invoice) })}
                    inputMode="decimal"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
