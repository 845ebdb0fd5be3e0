import type { Services } from '../../platform/context.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import type { Figure } from './figures.ts';
import { monthlyReport, monthlyReportItems, type Period } from './monthly-report.ts';
import { MonthlyItemsQuery, MonthlyReport, MonthlyReportQuery, ReportItemSchema } from './schemas.ts';

const tags = ['Reports'];

/** The report endpoints (docs/guides/reports.md). */
export function registerReportRoutes(server: Server, services: Services): void {
  server.get(
    '/v1/reports/monthly',
    {
      // Reads a month of the profile's store: costs like a few list pages.
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: "A fiscal profile's monthly figures from its stored CFDIs",
        operationId: 'getMonthlyReport',
        querystring: MonthlyReportQuery,
        description:
          "Income and credit notes issued and received, payments, IVA trasladado, IVA acreditable (on cash flow: received PUE by Fecha, PPD through the Pagos dated in the month) and retenciones, in MXN, from the CFDIs the profile's downloads brought into the store; cancelled CFDIs excluded. Each figure names its drill-down (`items_url`). An unknown profile is a 404.",
        response: { 200: MonthlyReport },
      },
    },
    async (request) => monthlyReport(ctxOf(request, services), request.query as Period),
  );

  server.get(
    '/v1/reports/monthly/items',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'The CFDIs behind one figure of a monthly report',
        operationId: 'listMonthlyReportItems',
        querystring: MonthlyItemsQuery,
        description: "One page of the figure's items in date order, each with its signed share in MXN; the items of a figure add up to its amount.",
        response: { 200: ListOf(ReportItemSchema) },
      },
    },
    async (request) => monthlyReportItems(ctxOf(request, services), request.query as Period & { figure: Figure }, listUrl(request)),
  );
}
