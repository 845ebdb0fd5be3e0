import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { contentLanguage, negotiateLanguage, type Language } from '../../platform/errors/language.ts';
import { ERROR_CATALOG, errorAnchor, errorTypeSlug, type ErrorCode } from '../../platform/errors/catalog.ts';
import { Problem } from '../../platform/http/schemas.ts';
import type { Server } from '../../platform/http/server.ts';
import { errorCatalogJson, renderErrorsPage } from './errors-page.ts';
import { GUIDE_SLUG, renderGuideHtml, type Guide } from './guides.ts';
import { escapeHtml, HTML_HEADERS, page } from './html.ts';
import { renderLlmsText } from './llms-text.ts';
import { prefersHtmlToMarkdown, prefersJson } from './negotiate.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { renderReferencePage } from './reference-page.ts';

const tags = ['Documentation'];
const config = { public: true };
const JSON_TYPE = 'application/json; charset=utf-8';

const text = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: Type.String() } } });
const html = (description: string) => text('text/html', description);
const NOT_FOUND = { description: 'No such entry (`resource.not_found`).', content: { 'application/problem+json': { schema: Problem } } };
const Slug = (description: string) => Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200, description }) }, { additionalProperties: false });

/** Everything rendered from the OpenAPI document is built once, on first use, after the server is ready. */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export function registerDocumentationRoutes(server: Server, services: Services, guides: Guide[]): void {
  registerReferenceRoutes(server, services.config.baseUrl, guides);
  registerErrorRoutes(server, services.config.baseUrl);
  registerGuideRoutes(server, services.config.baseUrl, guides);
}

/** The OpenAPI document and what is rendered from it: the HTML reference and /llms-full.txt. */
function registerReferenceRoutes(server: Server, baseUrl: string, guides: Guide[]): void {
  const document = () => server.swagger() as unknown as OpenApiDocument;
  const openapiText = lazy(() => JSON.stringify(document()));
  const referenceHtml = lazy(() => renderReferencePage(document(), guides));
  const llmsText = lazy(() => renderLlmsText(document(), guides, baseUrl));

  server.get(
    '/openapi.json',
    {
      config,
      schema: {
        tags,
        summary: 'OpenAPI 3.1 document',
        operationId: 'getOpenApiDocument',
        security: [],
        response: {
          200: {
            description: 'This API, described in OpenAPI 3.1.',
            content: { 'application/json': { schema: Type.Object({}, { additionalProperties: true }) } },
          },
        },
      },
      // The document is sent as prepared text: serializing it through its own schema would drop it.
    },
    async (_request, reply) => reply.type(JSON_TYPE).send(openapiText() as never),
  );

  server.get(
    '/docs',
    {
      config,
      schema: {
        tags,
        summary: 'API reference (HTML)',
        operationId: 'getApiReference',
        security: [],
        response: { 200: html('The API reference, rendered from the OpenAPI document.') },
      },
    },
    async (_request, reply) => reply.headers(HTML_HEADERS).send(referenceHtml()),
  );

  server.get(
    '/llms-full.txt',
    {
      config,
      schema: {
        tags,
        summary: 'Full documentation as plain text',
        operationId: 'getLlmsFullText',
        security: [],
        description: 'Overview, authentication, versioning, every guide, every endpoint and the error catalog in one file for machine readers.',
        response: { 200: text('text/plain', 'The documentation as plain text.') },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(llmsText()),
  );
}

/** The error catalog, and the resolution of problem `type` URIs to its rows. */
function registerErrorRoutes(server: Server, baseUrl: string): void {
  const errorsHtml = { en: lazy(() => renderErrorsPage(baseUrl, 'en')), es: lazy(() => renderErrorsPage(baseUrl, 'es')) };
  const errorsJson = lazy(() => JSON.stringify(errorCatalogJson(baseUrl)));
  const codesBySlug = new Map((Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => [errorTypeSlug(code), code]));

  server.get(
    '/docs/errors',
    {
      config,
      schema: {
        tags,
        summary: 'Error catalog',
        operationId: 'getErrorCatalog',
        security: [],
        description:
          'HTML by default; JSON when `Accept` prefers `application/json`. Each row is anchored by the code with its first dot replaced by a hyphen. The HTML page is in Spanish when `lang=es` is given, or without `lang` when `Accept-Language` prefers Spanish; every title and remediation shows in both languages.',
        querystring: Type.Object(
          {
            lang: Type.Optional(
              Type.Union([Type.Literal('en'), Type.Literal('es')], { description: 'The language of the page; overrides `Accept-Language`.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'Every error code with its status, title and remediation.',
            content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: Type.Object({}, { additionalProperties: true }) } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Vary', 'Accept, Accept-Language');
      if (prefersJson(request.headers.accept)) return reply.type(JSON_TYPE).send(errorsJson());
      const language: Language = request.query.lang ?? negotiateLanguage(request.headers['accept-language']);
      return reply.headers(HTML_HEADERS).header('Content-Language', contentLanguage(language)).send(errorsHtml[language]());
    },
  );

  server.get(
    '/errors/:slug',
    {
      config,
      schema: {
        tags,
        summary: 'Resolve a problem type URI',
        operationId: 'resolveErrorType',
        security: [],
        description:
          'The `type` of every problem is `<base>/errors/<code with its first dot replaced by an underscore>`; this redirects to its row in the catalog.',
        params: Slug('The code with its first dot replaced by an underscore, e.g. `auth_key_revoked`.'),
        response: { 302: { description: "Redirect to the code's row in /docs/errors.", headers: { Location: Type.String() }, type: 'null' }, 404: NOT_FOUND },
      },
    },
    async (request, reply) => {
      const code = codesBySlug.get(request.params.slug);
      if (!code)
        throw new ApiError('resource.not_found', {
          en: `No error type '${request.params.slug}' exists; the catalog is at ${baseUrl}/docs/errors.`,
          es: `No existe el tipo de error '${request.params.slug}'; el catálogo está en ${baseUrl}/docs/errors.`,
        });
      return reply.redirect(`/docs/errors#${errorAnchor(code)}`, 302);
    },
  );
}

/** The Markdown guides, served from memory. */
function registerGuideRoutes(server: Server, baseUrl: string, guides: Guide[]): void {
  const guidesBySlug = new Map(guides.map((guide) => [guide.slug, guide]));
  const pages = new Map<string, string>();
  // Rendered on first request and kept: the guides are read once, at start.
  const guidePage = (guide: Guide) => {
    let html = pages.get(guide.slug);
    if (html === undefined) {
      html = page(guide.title, renderGuideHtml(guide.markdown));
      pages.set(guide.slug, html);
    }
    return html;
  };

  server.get(
    '/docs/guides',
    {
      config,
      schema: {
        tags,
        summary: 'List guides',
        operationId: 'listGuides',
        security: [],
        description: 'HTML by default; JSON when `Accept` prefers `application/json`.',
        response: {
          200: {
            description: 'The guides, in reading order.',
            content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: Type.Object({}, { additionalProperties: true }) } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Vary', 'Accept');
      const data = guides.map((guide) => ({ object: 'guide' as const, slug: guide.slug, title: guide.title, url: `${baseUrl}/docs/guides/${guide.slug}` }));
      if (prefersJson(request.headers.accept))
        return reply.type(JSON_TYPE).send(JSON.stringify({ object: 'list', url: '/docs/guides', data, has_more: false }));
      const items = guides.map(
        (guide) => `<li><a href="/docs/guides/${guide.slug}">${escapeHtml(guide.title)}</a> <span class="muted">(${guide.slug})</span></li>`,
      );
      return reply
        .headers(HTML_HEADERS)
        .send(page('Guides', `<h1>Guides</h1><p>Each guide is Markdown, for reading here or in any editor.</p><ul>${items.join('')}</ul>`));
    },
  );

  server.get(
    '/docs/guides/:slug',
    {
      config,
      schema: {
        tags,
        summary: 'Get a guide',
        operationId: 'getGuide',
        security: [],
        description: "Markdown by default; an HTML page in the reference's style when `Accept` prefers `text/html` to `text/markdown` (a browser).",
        params: Slug("The guide's slug: lowercase letters, digits and hyphens, e.g. `quickstart`."),
        response: {
          200: { description: 'The guide.', content: { 'text/markdown': { schema: Type.String() }, 'text/html': { schema: Type.String() } } },
          404: NOT_FOUND,
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const guide = GUIDE_SLUG.test(slug) ? guidesBySlug.get(slug) : undefined;
      if (!guide) {
        throw new ApiError('resource.not_found', {
          en: `No guide '${slug}' exists. Guides: ${guides.map((item) => item.slug).join(', ')}.`,
          es: `No existe la guía '${slug}'. Guías: ${guides.map((item) => item.slug).join(', ')}.`,
        });
      }
      reply.header('Vary', 'Accept');
      if (prefersHtmlToMarkdown(request.headers.accept)) return reply.headers(HTML_HEADERS).send(guidePage(guide));
      return reply.type('text/markdown; charset=utf-8').send(guide.markdown);
    },
  );
}
