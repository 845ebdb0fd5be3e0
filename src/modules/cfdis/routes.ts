import type { Services } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { Type } from 'typebox';
import { getCfdi, getCfdiXml, listCfdis, type CfdiListQuery } from './read-cfdis.ts';
import { Cfdi, CfdiWithDetails, ListCfdisQuery, UuidParam } from './schemas.ts';
import { renderCfdi } from './serialize.ts';

const tags = ['CFDIs'];
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
      const page = await listCfdis({ ctx, query: request.query as CfdiListQuery, url: listUrl(request) });
      return { ...page, data: page.data.map((row) => renderCfdi(row, baseUrl)) };
    },
  );

  server.get(
    '/v1/cfdis/:uuid',
    {
      schema: {
        tags,
        summary: 'Retrieve a stored CFDI with its content',
        operationId: 'getCfdi',
        params: UuidParam,
        description:
          'The CFDI as listed, plus `details`: its content read from the stored XML (null for metadata-only rows). An unknown UUID, or one of another organization or mode, is a 404.',
        response: { 200: CfdiWithDetails },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const { row, details } = await getCfdi({ ctx, uuid: request.params.uuid });
      return { ...renderCfdi(row, baseUrl), details };
    },
  );

  server.get(
    '/v1/cfdis/:uuid/xml',
    {
      config: { rateLimitCost: 2 },
      schema: {
        tags,
        summary: "Download a stored CFDI's XML",
        operationId: 'getCfdiXml',
        params: UuidParam,
        response: {
          200: {
            description:
              'The CFDI as the SAT served it, byte for byte, as an attachment (`Content-Disposition: attachment`) under a sandbox Content-Security-Policy: its issuer wrote it, so a browser saves it and never runs it.',
            content: { 'application/xml': { schema: Type.String() } },
          },
          409: problem("Only the SAT's metadata is stored for this CFDI (`cfdi.xml_unavailable`)."),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const { uuid, xml } = await getCfdiXml({ ctx, uuid: request.params.uuid });
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
