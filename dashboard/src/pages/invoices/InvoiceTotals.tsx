import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Problem } from '../../core/api.ts';
import { formatMoney } from '../../core/format.ts';
import { languageStore, t } from '../../core/i18n.ts';
import { asProblem } from '../../kit/ProblemBox.tsx';
import type { Answer } from '../../api/types.ts';

/** POST /v1/invoices/preview's answer. */
type InvoicePreview = Answer<'previewInvoice'>;

/** Quiet time after the last change before the form asks the API again. */
const PREVIEW_DELAY_MS = 400;

const percent = (rate: string) => `${Number((Number(rate) * 100).toFixed(4))} %`;

/**
 * The API's preview of `body` (the create body the form would send), asked again 400 ms after
 * the last change; an answer to an older body is dropped. A body the API refuses for its shape
 * (422 before any CFDI rule) gives its problem instead.
 */
function usePreview(body: Record<string, unknown> | undefined): { preview?: InvoicePreview; problem?: Problem; pending: boolean } {
  const key = body ? JSON.stringify(body) : '';
  const [state, setState] = useState<{ key: string; preview?: InvoicePreview; problem?: Problem }>({ key: '' });
  useEffect(() => {
    if (!body) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.post<InvoicePreview>('/v1/invoices/preview', body, { signal: controller.signal, safe: true }).then(
        (preview) => setState({ key, preview }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ key, problem: asProblem(error) });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return { ...state, pending: key !== state.key };
}

/**
 * The running total under the items, computed by the API (POST /v1/invoices/preview) from the
 * body the form would send: subtotal, discount, each tax transferred and withheld, total, in the
 * invoice's currency (a payment's sum in MXN), and what the API says is still to be corrected.
 * Until there is a total it says what it needs: a `payment`'s paid invoices, an invoice's items.
 */
export function InvoiceTotals({ body, payment = false }: { body: Record<string, unknown> | undefined; payment?: boolean }) {
  const { preview, problem, pending } = usePreview(body);
  const currency = preview?.currency ?? 'MXN';
  const money = (amount: string, code = currency) => (/^[A-Z]{3}$/.test(code) && code !== 'XXX' ? safeMoney(amount, code) : amount);
  const problems = preview?.errors ?? problem?.errors ?? [];
  const transferred = preview?.taxes.filter((tax) => !tax.withholding) ?? [];
  const withheld = preview?.taxes.filter((tax) => tax.withholding) ?? [];
  return (
    <section class="invoice-totals" aria-labelledby="invoice-totals-title" aria-busy={pending} data-testid="invoice-totals">
      <h2 id="invoice-totals-title">{t('invoiceForm.totals')}</h2>
      {preview?.payments_total != null ? (
        <dl>
          <dt class="total">{t('invoiceForm.paymentsTotal')}</dt>
          <dd class="total" data-testid="invoice-total">
            {money(preview.payments_total, 'MXN')}
          </dd>
        </dl>
      ) : preview?.total != null && preview.subtotal != null ? (
        <dl>
          <dt>{t('invoiceForm.subtotal')}</dt>
          <dd>{money(preview.subtotal)}</dd>
          {preview.discount !== null && (
            <>
              <dt>{t('invoiceForm.totalDiscount')}</dt>
              <dd>− {money(preview.discount)}</dd>
            </>
          )}
          {transferred.map((line) => (
            <Fragment key={`${line.type}-${line.factor}-${line.rate}`}>
              <dt>
                {t('invoiceForm.transferred', {
                  tax: `${line.type} ${line.factor === 'Exento' ? t('invoices.ivaExempt') : line.factor === 'Cuota' ? (line.rate ?? '') : percent(line.rate ?? '0')}`,
                })}
              </dt>
              <dd>{line.amount === null ? '—' : money(line.amount)}</dd>
            </Fragment>
          ))}
          {withheld.map((line) => (
            <Fragment key={line.type}>
              <dt>{t('invoiceForm.withheld', { tax: line.type })}</dt>
              <dd>− {money(line.amount ?? '0')}</dd>
            </Fragment>
          ))}
          <dt class="total">{t('invoiceForm.total')}</dt>
          <dd class="total" data-testid="invoice-total">
            {money(preview.total)}
          </dd>
        </dl>
      ) : (
        <p class="hint">
          {body && !preview && !problem ? t('invoiceForm.totalsWaiting') : t(payment ? 'invoiceForm.totalsIncompletePayment' : 'invoiceForm.totalsIncomplete')}
        </p>
      )}
      {problems.length > 0 && (
        <div class="preview-problems" data-testid="invoice-preview-problems">
          <p>{t('invoiceForm.toCorrect', { count: problems.length })}</p>
          <ul>
            {problems.map((error) => (
              <li key={`${error.path}-${error.code ?? ''}`}>
                {/* The server's Spanish messages name the field as a person would; its path is for developers. */}
                {languageStore.get() === 'en' && <code>{error.path || '—'}</code>} {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem && !problem.errors?.length && <p class="hint">{problem.detail ?? problem.title}</p>}
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
