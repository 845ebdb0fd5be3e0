import type { Ctx } from '../../platform/context.ts';
import { paginateItems, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { sum, Decimal, formatAmount } from '../../cfdi/amounts.ts';
import { cfdisOfPeriod, cfdisOfUuids } from '../cfdis/index.ts';
import { findFiscalProfile } from '../fiscal-profiles/index.ts';
import { computeReport, FIGURES, type ComputedReport, type Figure, type ReportItem } from './figures.ts';

export interface Period {
  fiscal_profile_id: string;
  year: number;
  month: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Reads the profile's CFDIs of the month and the documents its received payments name, and computes the items. */
async function compute(ctx: Ctx, period: Period): Promise<ComputedReport> {
  const profile = await findFiscalProfile(ctx, period.fiscal_profile_id);
  const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { year: period.year, month: period.month + 1 };
  const bounds = { from: `${period.year}-${pad(period.month)}-01`, to: `${next.year}-${pad(next.month)}-01` };
  const scope = { organizationId: ctx.organizationId, mode: ctx.mode, fiscalProfileId: profile.id };
  const rows = await cfdisOfPeriod(ctx.db, scope, bounds);
  const named = new Set<string>();
  for (const row of rows) {
    if (row.side !== 'received' || row.tipo_de_comprobante !== 'P') continue;
    for (const pago of row.details?.pagos ?? []) {
      for (const docto of pago.documentos_relacionados) if (docto.id_documento) named.add(docto.id_documento.toUpperCase());
    }
  }
  const documents = await cfdisOfUuids(ctx.db, scope, 'received', [...named]);
  return computeReport(rows, documents, bounds);
}

function itemsUrl(baseUrl: string, period: Period, figure: Figure): string {
  const query = new URLSearchParams({ fiscal_profile_id: period.fiscal_profile_id, year: String(period.year), month: String(period.month), figure });
  return `${baseUrl}/v1/reports/monthly/items?${query.toString()}`;
}

/** `GET /v1/reports/monthly`: every figure with its amount, count and drill-down address. */
export async function monthlyReport(ctx: Ctx, period: Period) {
  const computed = await compute(ctx, period);
  const baseUrl = ctx.services.config.baseUrl;
  const figures = Object.fromEntries(
    FIGURES.map((figure) => {
      const items = computed.items[figure];
      const amount = sum(items.map((item) => new Decimal(item.amount)));
      return [figure, { amount: formatAmount(amount, 2), count: items.length, items_url: itemsUrl(baseUrl, period, figure) }];
    }),
  );
  return {
    object: 'monthly_report' as const,
    fiscal_profile_id: period.fiscal_profile_id,
    year: period.year,
    month: period.month,
    currency: 'MXN' as const,
    figures,
    excluded: {
      cancelled: computed.cancelled.length,
      without_content: computed.withoutContent.length,
      unresolved_payments: computed.unresolvedPayments.length,
    },
  };
}

/** `GET /v1/reports/monthly/items`: a page of the items behind one figure, in date order. */
export async function monthlyReportItems(
  ctx: Ctx,
  query: Period & ListQuery & { figure: Figure },
  url: string,
): Promise<Page<ReportItem & { object: 'monthly_report_item' }>> {
  const computed = await compute(ctx, query);
  const items = computed.items[query.figure].map((item) => ({ object: 'monthly_report_item' as const, ...item }));
  return paginateItems(items, query, { key: (item) => item.id, url, noun: 'report item id' });
}
