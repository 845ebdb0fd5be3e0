import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { createDownload } from './create-download.ts';
import type { DownloadDeps } from './ports.ts';
import { getDownload, listDownloadPackages, listDownloads, openDownloadPackage, type DownloadListQuery } from './read-downloads.ts';
import { CreateDownloadBody, Download, DownloadPackage, ListDownloadsQuery, PackageParams } from './schemas.ts';
import { renderDownload, renderPackage } from './serialize.ts';

const tags = ['Downloads'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });

/**
 * The bulk download endpoints (docs/guides/downloads.md), with the dependencies the composition
 * root gives (src/app.ts).
 */
export function registerDownloadRoutes(server: Server, services: Services, deps: DownloadDeps): void {
  const baseUrl = services.config.baseUrl;

  server.post(
    '/v1/downloads',
    {
      // Two SAT calls (authentication and the solicitud) and a FIEL decrypted per request.
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Request a SAT bulk download',
        operationId: 'createDownload',
        body: CreateDownloadBody,
        description:
          "Registers a solicitud with the SAT's bulk download service (descarga masiva) using the profile's FIEL, and answers `requested` with the SAT's `sat_request_id`. The service then verifies it with backoff (the SAT takes minutes to days), splits a range over the SAT's cap, downloads every package once, keeps it, and stores each CFDI in the CFDI store (`GET /v1/cfdis`); follow it with `download.updated` events or `GET /v1/downloads/{id}`. An identical download while the SAT still holds the first one's request shares it (see `metadata.warnings`).",
        response: {
          201: Download,
          404: problem('No fiscal profile with that id in this organization and mode (`resource.not_found`).'),
          409: problem('The profile has not signed the carta manifiesto (`fiscal_profile.manifest_required`), or an idempotency conflict (`idempotency.*`).'),
          422: problem(
            '`date_from` after `date_to`, a date that does not exist or one older than the SAT keeps (`download.invalid_range`); the profile has no FIEL (`download.fiel_required`); received + cfdi + cancelled (`download.invalid_filter`); or a field as listed (`request.validation_failed`).',
          ),
          502: problem('The SAT could not be reached or failed (`download.request_failed`, with Retry-After); nothing was kept.'),
          503: problem("The SAT refused the solicitud (`sat.download_rejected`), e.g. a FIEL that is not the RFC's."),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const row = await createDownload(ctx, deps, request.body);
      return reply.code(201).send(renderDownload(row, baseUrl));
    },
  );

  server.get(
    '/v1/downloads',
    {
      schema: {
        tags,
        summary: 'List downloads, newest first',
        operationId: 'listDownloads',
        querystring: ListDownloadsQuery,
        response: { 200: ListOf(Download) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listDownloads(ctx, request.query as DownloadListQuery, listUrl(request));
      return { ...page, data: page.data.map((row) => renderDownload(row, baseUrl)) };
    },
  );

  server.get(
    '/v1/downloads/:id',
    {
      schema: { tags, summary: 'Retrieve a download', operationId: 'getDownload', params: IdParam('Download id (`dl_…`)'), response: { 200: Download } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      return renderDownload(await getDownload(ctx, request.params.id), baseUrl);
    },
  );

  server.get(
    '/v1/downloads/:id/packages',
    {
      schema: {
        tags,
        summary: "List a download's stored packages",
        operationId: 'listDownloadPackages',
        params: IdParam('Download id (`dl_…`)'),
        description:
          'The packages the service downloaded from the SAT and keeps, in order; `index` is what `GET /v1/downloads/{id}/packages/{index}` takes. Empty until the SAT has finished.',
        response: { 200: Type.Object({ object: Type.Literal('list'), url: Type.String(), data: Type.Array(DownloadPackage), has_more: Type.Boolean() }) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const packages = await listDownloadPackages(ctx, request.params.id);
      return { object: 'list' as const, url: listUrl(request), data: packages.map((item, index) => renderPackage(item, index)), has_more: false };
    },
  );

  server.get(
    '/v1/downloads/:id/packages/:index',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Download a package (zip)',
        operationId: 'getDownloadPackage',
        params: PackageParams,
        description:
          "Package `index` (0-based) as the SAT sent it: a zip of `<UUID>.xml` files (type `cfdi`) or of the metadata `.txt` (type `metadata`), streamed from the service's copy, so it stays available after the SAT's 72 hours.",
        response: {
          200: { description: 'The zip, as an attachment.', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
          404: problem('No such download, or no package with that index (`resource.not_found`).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const opened = await openDownloadPackage(ctx, request.params.id, request.params.index);
      const body = opened.stream instanceof Readable ? opened.stream : Readable.from(opened.stream);
      return reply
        .type('application/zip')
        .header('Content-Length', String(opened.bytes))
        .header('Content-Disposition', contentDisposition('attachment', opened.name))
        .header('Digest', `sha-256=${Buffer.from(opened.sha256, 'hex').toString('base64')}`)
        .send(body as never);
    },
  );
}
