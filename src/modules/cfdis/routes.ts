import type { Services } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { ListOf, Problem } from '../../platform/http/schemas.ts';
import { chargeWork, ctxOf, type Server } from '../../platform/http/server.ts';
import { Type } from 'typebox';
import { listCfdis, openCfdi, openCfdiXml, totalCfdis, type CfdiFilterQuery, type CfdiListQuery } from './read-cfdis.ts';
import { Cfdi, CfdiTotals, CfdiTotalsQuery, CfdiWithDetails, ListCfdisQuery, UuidParam } from './schemas.ts';
import { renderCfdi } from './serialize.ts';

const tags = ['CFDIs'];
// Reads of one CFDI declare their least cost and are charged the rest by size (read-cfdis.ts).
const DETAILS_COST = 1;
const XML_COST = 2;
const BY_SIZE =
  ' Its rate-limit cost follows its size: one read token per started 64 KiB served (at least its declared cost: 1 for the CFDI, 2 for its XML), so reading a large CFDI spends the bucket faster; while the service sheds load such a read is refused with 503 like any expensive request.';
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });

/** The CFDI store's endpoints (docs/guides/cfdis.md). */
export function registerCfdiRoutes(server: Server, services: Services): void {
  const baseUrl = services.config.baseUrl;

  server.get(
    '/v1/cfdis',
    {
      schema: {
        tags,
        summary: 'List stored CFDIs, newest first',
        operationId: 'listCfdis',
        querystring: ListCfdisQuery,
        description:
          "Every CFDI downloads brought into this organization's store (issued and received), once per UUID. Filters combine; `date[gte]`/`date[lte]` bound the CFDI's own Fecha (Mexico City).",
        response: { 200: ListOf(Cfdi) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listCfdis(ctx, request.query as CfdiListQuery, listUrl(request));
      return { ...page, data: page.data.map((row) => renderCfdi(row, baseUrl)) };
    },
  );

  server.get(
    '/v1/cfdis/totals',
    {
      schema: {
        tags,
        summary: 'Sum the stored CFDIs a list would select',
        operationId: 'getCfdiTotals',
        querystring: CfdiTotalsQuery,
        description:
          'The filters of `GET /v1/cfdis`; the answer counts the CFDIs they select and sums their SubTotal, Descuento and Total by voucher type and currency (amounts in two currencies are never added). Cancelled CFDIs are included unless `status` says otherwise.',
        response: { 200: CfdiTotals },
      },
    },
    async (request) => {
      const totals = await totalCfdis(ctxOf(request, services), request.query as CfdiFilterQuery);
      return { object: 'cfdi_totals' as const, ...totals };
    },
  );

  server.get(
    '/v1/cfdis/:uuid',
    {
      config: { rateLimitCost: DETAILS_COST },
      schema: {
        tags,
        summary: 'Retrieve a stored CFDI with its content',
        operationId: 'getCfdi',
        params: UuidParam,
        description: `The CFDI as listed, plus \`details\`: its content, read from the XML once when it was stored (null for metadata-only rows and for versions the store does not read, \`indexed: false\`). An unknown UUID, or one of another organization or mode, is a 404.${BY_SIZE}`,
        response: {
          200: CfdiWithDetails,
          503: problem(
            'A large read while the service sheds load, or a first read of a CFDI stored before its content was kept while its organization has its share of the worker pool busy (`service.overloaded`, Retry-After).',
          ),
        },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const opened = await openCfdi(ctx, request.params.uuid);
      await chargeWork(request, opened.cost - DETAILS_COST);
      const { row, details } = await opened.load();
      return { ...renderCfdi(row, baseUrl), details };
    },
  );

  server.get(
    '/v1/cfdis/:uuid/xml',
    {
      config: { rateLimitCost: XML_COST },
      schema: {
        tags,
        summary: "Download a stored CFDI's XML",
        operationId: 'getCfdiXml',
        description: `The document byte for byte.${BY_SIZE}`,
        params: UuidParam,
        response: {
          200: {
            description:
              'The CFDI as the SAT served it, byte for byte, as an attachment (`Content-Disposition: attachment`) under a sandbox Content-Security-Policy: its issuer wrote it, so a browser saves it and never runs it.',
            content: { 'application/xml': { schema: Type.String() } },
          },
          409: problem("Only the SAT's metadata is stored for this CFDI (`cfdi.xml_unavailable`)."),
          503: problem('A large XML while the service sheds load (`service.overloaded`, Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const opened = await openCfdiXml(ctx, request.params.uuid);
      await chargeWork(request, opened.cost - XML_COST);
      const { uuid, xml } = await opened.load();
      return (
        reply
          .type('application/xml; charset=utf-8')
          // Written by its issuer, Addenda included: saved, never shown as a page (docs/decisions.md).
          .header('Content-Disposition', contentDisposition('attachment', `${uuid}.xml`))
          .send(xml as never)
      );
    },
  );
}
