import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { entries } from '../../kit/catalogs.tsx';
import { formTotals } from './invoice-totals.ts';

const percent = (rate: string) => `${Number((Number(rate) * 100).toFixed(4))} %`;

/** c_Moneda.decimales of a currency (2 until the catalog answers; XXX has none). */
function useCurrencyDecimals(currency: string): number {
  const [decimals, setDecimals] = useState(2);
  useEffect(() => {
    if (!/^[A-Z]{3}$/.test(currency)) return;
    let alive = true;
    void entries('moneda', currency).then((found) => {
      const value = found.find((entry) => entry.code === currency)?.data?.decimals;
      if (alive && typeof value === 'number') setDecimals(value);
    });
    return () => {
      alive = false;
    };
  }, [currency]);
  return currency === 'XXX' ? 0 : decimals;
}

/** The running total under the items: subtotal, discount, each tax transferred and withheld, total, in the invoice's currency. */
export function InvoiceTotals({ values, itemCount }: { values: Record<string, string>; itemCount: number }) {
  const currency = (values.currency ?? '').trim().toUpperCase() || 'MXN';
  const decimals = useCurrencyDecimals(currency);
  const totals = formTotals(values, itemCount, decimals);
  const money = (amount: string) => (/^[A-Z]{3}$/.test(currency) ? safeMoney(amount, currency) : amount);
  return (
    <section class="invoice-totals" aria-labelledby="invoice-totals-title" data-testid="invoice-totals">
      <h2 id="invoice-totals-title">{t('invoiceForm.totals')}</h2>
      {totals ? (
        <dl>
          <dt>{t('invoiceForm.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
          {totals.discount !== undefined && (
            <>
              <dt>{t('invoiceForm.totalDiscount')}</dt>
              <dd>− {money(totals.discount)}</dd>
            </>
          )}
          {totals.transferred.map((line) => (
            <Fragment key={`${line.tax}-${line.factor}-${line.rate}`}>
              <dt>
                {t('invoiceForm.transferred', {
                  tax: `${line.tax} ${line.factor === 'Exento' ? t('invoices.ivaExempt') : line.factor === 'Cuota' ? (line.rate ?? '') : percent(line.rate ?? '0')}`,
                })}
              </dt>
              <dd>{line.amount === null ? '—' : money(line.amount)}</dd>
            </Fragment>
          ))}
          {totals.withheld.map((line) => (
            <Fragment key={line.tax}>
              <dt>{t('invoiceForm.withheld', { tax: line.tax })}</dt>
              <dd>− {money(line.amount)}</dd>
            </Fragment>
          ))}
          <dt class="total">{t('invoiceForm.total')}</dt>
          <dd class="total" data-testid="invoice-total">
            {money(totals.total)}
          </dd>
        </dl>
      ) : (
        <p class="hint">{t('invoiceForm.totalsIncomplete')}</p>
      )}
      <p class="hint">{t('invoiceForm.totalsNote')}</p>
    </section>
  );
}

/** formatMoney (es-MX writes other currencies with their code, "USD 12.50"), or the bare amount and code when the browser does not know the currency. */
function safeMoney(amount: string, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}
