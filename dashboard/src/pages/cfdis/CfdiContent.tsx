import { formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { currencyOf } from '../validations/types.ts';
import { type CfdiDetails, type CfdiWithDetails, IMPUESTOS, type TaxLine, wallTime } from './types.ts';

/** The CFDI's content read from its XML: parties' fiscal data, line items, taxes, payments, relations. */
export function CfdiContent({ cfdi, details }: { cfdi: CfdiWithDetails; details: CfdiDetails }) {
  const money = (value: string | null) => formatMoney(value, currencyOf(cfdi.moneda));
  const facts: [string, string | null][] = [
    [t('cfdis.emisorRegime'), details.emisor.regimen_fiscal],
    [t('cfdis.receptorRegime'), details.receptor.regimen_fiscal],
    [t('invoices.cfdiUse'), details.receptor.uso_cfdi],
    [t('invoices.postalCode'), details.receptor.domicilio_fiscal],
    [t('invoices.paymentMethod'), details.metodo_pago],
    [t('invoices.paymentForm'), details.forma_pago],
    [t('cfdis.lugarExpedicion'), details.lugar_expedicion],
    [t('cfdis.exportacion'), details.exportacion],
    [t('cfdis.tipoCambio'), details.tipo_cambio],
    [t('cfdis.condiciones'), details.condiciones_de_pago],
  ];
  return (
    <>
      <section class="panel" aria-labelledby="fiscal-title">
        <h2 id="fiscal-title">{t('cfdis.fiscalData')}</h2>
        <dl class="details compact">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div class="detail" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          <div class="detail">
            <dt>{t('cfdis.complementos')}</dt>
            <dd>{details.complementos.join(', ') || '—'}</dd>
          </div>
        </dl>
      </section>
      <section class="panel" aria-labelledby="conceptos-title">
        <h2 id="conceptos-title">{t('invoices.items')}</h2>
        <div class="table-wrap">
          <table class="table" data-testid="conceptos">
            <thead>
              <tr>
                <th scope="col">{t('invoices.description')}</th>
                <th scope="col">{t('invoices.productKey')}</th>
                <th scope="col" class="numeric">
                  {t('invoices.quantity')}
                </th>
                <th scope="col" class="numeric">
                  {t('invoices.amount')}
                </th>
                <th scope="col">{t('cfdis.taxes')}</th>
              </tr>
            </thead>
            <tbody>
              {details.conceptos.map((item, index) => (
                <tr key={index}>
                  <td data-label={t('invoices.description')}>{item.descripcion}</td>
                  <td data-label={t('invoices.productKey')}>
                    {item.clave_prod_serv} · {item.clave_unidad}
                  </td>
                  <td data-label={t('invoices.quantity')} class="numeric">
                    {item.cantidad} × {money(item.valor_unitario)}
                  </td>
                  <td data-label={t('invoices.amount')} class="numeric">
                    {money(item.importe)}
                    {item.descuento && <span class="hint block">{t('cfdis.discountOf', { amount: money(item.descuento) })}</span>}
                  </td>
                  <td data-label={t('cfdis.taxes')}>
                    <TaxList lines={[...item.impuestos.traslados, ...item.impuestos.retenciones.map((line) => ({ ...line, retention: true }))]} money={money} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {details.impuestos && (
        <section class="panel" aria-labelledby="taxes-title">
          <h2 id="taxes-title">{t('cfdis.taxes')}</h2>
          <dl class="details compact">
            <div class="detail">
              <dt>{t('invoices.taxes')}</dt>
              <dd>{money(details.impuestos.total_impuestos_trasladados)}</dd>
            </div>
            <div class="detail">
              <dt>{t('cfdis.retained')}</dt>
              <dd>{money(details.impuestos.total_impuestos_retenidos)}</dd>
            </div>
          </dl>
          <TaxList lines={[...details.impuestos.traslados, ...details.impuestos.retenciones.map((line) => ({ ...line, retention: true }))]} money={money} />
        </section>
      )}
      {details.pagos && details.pagos.length > 0 && (
        <section class="panel" aria-labelledby="pagos-title">
          <h2 id="pagos-title">{t('cfdis.payments')}</h2>
          {details.pagos.map((pago, index) => (
            <div class="pago" key={index}>
              <h3>
                {wallTime(pago.fecha_pago)} · {formatMoney(pago.monto, currencyOf(pago.moneda_p))} · {t('invoices.paymentForm')} {pago.forma_de_pago_p}
              </h3>
              <ul class="plain-list">
                {pago.documentos_relacionados.map((doc, docIndex) => (
                  <li key={docIndex}>
                    <code>{doc.id_documento}</code> — {t('cfdis.installment', { number: doc.num_parcialidad ?? '—' })}:{' '}
                    {t('cfdis.paidOf', { paid: doc.imp_pagado ?? '—', before: doc.imp_saldo_ant ?? '—', after: doc.imp_saldo_insoluto ?? '—' })}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      {details.cfdi_relacionados.length > 0 && (
        <section class="panel" aria-labelledby="related-title">
          <h2 id="related-title">{t('cfdis.related')}</h2>
          <ul class="plain-list">
            {details.cfdi_relacionados.flatMap((group) =>
              group.uuids.map((uuid) => (
                <li key={`${group.tipo_relacion}-${uuid}`}>
                  {group.tipo_relacion} ·{' '}
                  <a href={href(`/cfdis/${uuid}`)}>
                    <code>{uuid}</code>
                  </a>
                </li>
              )),
            )}
          </ul>
        </section>
      )}
    </>
  );
}

function TaxList({ lines, money }: { lines: (TaxLine & { retention?: boolean })[]; money: (value: string | null) => string }) {
  if (lines.length === 0) return <span>—</span>;
  return (
    <ul class="plain-list taxes">
      {lines.map((line, index) => (
        <li key={index}>
          {line.retention ? `${t('cfdis.retention')} ` : ''}
          {IMPUESTOS[line.impuesto ?? ''] ?? line.impuesto} {line.tipo_factor === 'Exento' ? t('invoices.ivaExempt') : rate(line)}
          {line.importe && `: ${money(line.importe)}`}
        </li>
      ))}
    </ul>
  );
}

/** 0.160000 Tasa → "16 %"; a Cuota is an amount per unit and stays as written. */
function rate(line: TaxLine): string {
  const value = Number(line.tasa_o_cuota);
  if (line.tipo_factor === 'Tasa' && Number.isFinite(value)) return `${Number((value * 100).toFixed(4))} %`;
  return `${line.tasa_o_cuota ?? ''} ${line.tipo_factor ?? ''}`;
}
