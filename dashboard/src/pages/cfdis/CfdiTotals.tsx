import { formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { locationStore } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { CFDI_FILTERS } from '../exports/types.ts';
import { currencyOf } from '../validations/types.ts';
import type { Answer } from '../../api/types.ts';

type Totals = Answer<'getCfdiTotals'>;

const TIPOS = ['I', 'E', 'T', 'N', 'P'];

/** The count and sums of what the CFDI list's current filters select, by voucher type and currency. */
export function CfdiTotals() {
  const location = useStore(locationStore);
  const query: Record<string, string> = {};
  for (const name of CFDI_FILTERS) {
    const value = location.query.get(name);
    if (value) query[name] = value;
  }
  const totals = useResource<Totals>('/v1/cfdis/totals', { query });
  if (totals.problem) return <ProblemBox problem={totals.problem} />;
  if (!totals.data) return null;
  return (
    <section class="panel" aria-labelledby="cfdi-totals-title" data-testid="cfdi-totals">
      <h2 id="cfdi-totals-title">{t('cfdis.totals', { count: totals.data.count })}</h2>
      {totals.data.groups.length > 0 && (
        <div class="table-wrap">
          <table class="table">
            <caption class="visually-hidden">{t('cfdis.totals', { count: totals.data.count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cfdis.type')}</th>
                <th scope="col" class="numeric">
                  {t('cfdis.totalsCount')}
                </th>
                <th scope="col" class="numeric">
                  {t('cfdis.subTotal')}
                </th>
                <th scope="col" class="numeric">
                  {t('cfdis.totalsDiscount')}
                </th>
                <th scope="col" class="numeric">
                  {t('invoices.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.data.groups.map((group) => {
                const currency = currencyOf(group.moneda);
                const tipo = group.tipo_de_comprobante;
                return (
                  <tr key={`${tipo}/${group.moneda}`}>
                    <td data-label={t('cfdis.type')}>
                      {tipo && TIPOS.includes(tipo) ? t(`cfdis.tipo.${tipo as 'I'}`) : (tipo ?? '—')} · {group.moneda ?? '—'}
                    </td>
                    <td data-label={t('cfdis.totalsCount')} class="numeric">
                      {group.count}
                    </td>
                    <td data-label={t('cfdis.subTotal')} class="numeric">
                      {formatMoney(group.sub_total, currency)}
                    </td>
                    <td data-label={t('cfdis.totalsDiscount')} class="numeric">
                      {formatMoney(group.descuento, currency)}
                    </td>
                    <td data-label={t('invoices.total')} class="numeric">
                      {formatMoney(group.total, currency)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
