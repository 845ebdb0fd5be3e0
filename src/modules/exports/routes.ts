import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import type { ExportDeps } from './build.ts';
import { createExport } from './create-export.ts';
import { CONTENT_TYPES } from './formats.ts';
import { getExport, listExports, openExportFile } from './read-exports.ts';
import { CreateExportBody, Export, ListExportsQuery } from './schemas.ts';
import { fileNameOf, renderExport } from './serialize.ts';

const tags = ['Exports'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });

/** The export endpoints (docs/guides/exports.md). */
export function registerExportRoutes(server: Server, services: Services, deps: ExportDeps): void {
  const baseUrl = services.config.baseUrl;

  server.post(
    '/v1/exports',
    {
      // Builds a file of up to the whole store in the background: costs like ten requests.
      config: { rateLimitCost: 10 },
      schema: {
        tags,
        summary: 'Export CFDIs of the store or invoices as CSV, XLSX or a ZIP',
        operationId: 'createExport',
        body: CreateExportBody,
        description:
          "Answers `pending` at once; a durable job reads every CFDI the filters select (those of `GET /v1/cfdis`), or with `source: invoices` every invoice (those of `GET /v1/invoices`; a ZIP holds each stamped one's XML and PDF), writes the file and reports `progress`. When it is `completed` (event `export.completed`; `export.failed` if it cannot be built), `file.url` serves it with the same API key for 24 hours (`expires_at`), after which the file is deleted. Honours `Idempotency-Key`.",
        response: {
          201: Export,
          422: problem('A filter or field as listed (`request.validation_failed`).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const row = await createExport(ctx, deps, request.body);
      return reply.code(201).send(renderExport(row, baseUrl));
    },
  );

  server.get(
    '/v1/exports',
    {
      schema: { tags, summary: 'List exports, newest first', operationId: 'listExports', querystring: ListExportsQuery, response: { 200: ListOf(Export) } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listExports(ctx, request.query, listUrl(request));
      return { ...page, data: page.data.map((row) => renderExport(row, baseUrl)) };
    },
  );

  server.get(
    '/v1/exports/:id',
    {
      schema: {
        tags,
        summary: 'Retrieve an export and its progress',
        operationId: 'getExport',
        params: IdParam('Export id (`exp_…`)'),
        response: { 200: Export },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      return renderExport(await getExport(ctx, request.params.id), baseUrl);
    },
  );

  server.get(
    '/v1/exports/:id/file',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: "Download an export's file",
        operationId: 'getExportFile',
        params: IdParam('Export id (`exp_…`)'),
        description: 'The built file, streamed, as an attachment, with the same API key (organization and mode) that created the export, until `expires_at`.',
        response: {
          200: {
            description: 'The file (`text/csv`, XLSX or `application/zip`), with its SHA-256 in `Digest`.',
            content: {
              'text/csv': { schema: Type.String() },
              [CONTENT_TYPES.xlsx]: { schema: Type.String({ format: 'binary' }) },
              'application/zip': { schema: Type.String({ format: 'binary' }) },
            },
          },
          404: problem('No export with that id in this organization and mode (`resource.not_found`).'),
          409: problem('The export is not `completed` (`export.not_ready`).'),
          410: problem('The export expired and its file was deleted (`export.expired`).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const { row, stream } = await openExportFile(ctx, request.params.id);
      return reply
        .type(CONTENT_TYPES[row.format])
        .header('Content-Length', String(row.bytes))
        .header('Content-Disposition', contentDisposition('attachment', fileNameOf(row)))
        .header('Digest', `sha-256=${Buffer.from(row.sha256 ?? '', 'hex').toString('base64')}`)
        .send(stream as never);
    },
  );
}
