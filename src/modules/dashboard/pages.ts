/**
 * The dashboard's pages: the front-end build (index.html and content-hashed assets) served under
 * /dashboard. Any page path that is not a file gets index.html, where the app routes itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fastifyStatic } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { ERROR_CATALOG } from '../../platform/errors/catalog.ts';
import type { Server } from '../../platform/http/server.ts';

/**
 * Scripts and styles only from the dashboard's own files (no inline code); images may be data:
 * and blob: URLs (logo previews). A PDF is previewed in a frame from a blob: URL: frame-src
 * blob: is all it needs (checked in Chromium: the viewer renders with object-src 'none', and the
 * frame-ancestors the blob document inherits does not block it). No site may frame the dashboard.
 */
const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

// Names a file of the build may have: no directories, nothing hidden (the build's own stamps).
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const ASSETS = 'assets/';
const YEAR_MS = 365 * 24 * 60 * 60_000;

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** 503 when the build is missing: a problem, or for a browser a page that says the same. */
function pagesUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const detail = 'The dashboard is not installed on this server (its built pages are missing); the API at /v1 works as usual.';
  if (!wantsHtml(request.headers.accept)) {
    throw new ApiError('dashboard.pages_unavailable', {
      en: detail,
      es: 'El panel no está instalado en este servidor (faltan sus páginas compiladas); la API en /v1 funciona como siempre.',
    });
  }
  const { title, remediation } = ERROR_CATALOG['dashboard.pages_unavailable'];
  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p>${escapeHtml(remediation)}</p>` +
    `<p>Error code: dashboard.pages_unavailable · request ${escapeHtml(request.id)}</p></body></html>\n`;
  return reply.code(503).headers(PAGE_HEADERS).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export function registerDashboardPages(app: Server, config: Config): void {
  const root = config.dashboard.assetsDir;
  const index = path.join(root, 'index.html');

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await isFile(index))) return pagesUnavailable(request, reply);
    const rest = (request.params as { '*'?: string })['*'] ?? '';
    reply.headers(PAGE_HEADERS);
    if (rest.startsWith(ASSETS)) {
      // Names carry their content's hash: a name never changes meaning, so browsers keep them.
      const name = rest.slice(ASSETS.length);
      if (!FILE_NAME.test(name)) return reply.callNotFound();
      return reply.sendFile(`${ASSETS}${name}`, { cacheControl: true, maxAge: YEAR_MS, immutable: true });
    }
    const file = FILE_NAME.test(rest) && rest !== 'index.html' && (await isFile(path.join(root, rest))) ? rest : 'index.html';
    // Pages are checked on every visit, so a new build is picked up at once.
    return reply.header('Cache-Control', 'no-cache').sendFile(file, { cacheControl: false });
  };

  app.register(async (scope) => {
    // Only its sendFile: the routes below decide which file a path gets.
    await scope.register(fastifyStatic, { root, serve: false, index: false, suppressWarning: true });
    scope.get('/dashboard', { schema: { hide: true } }, servePage);
    scope.get('/dashboard/*', { schema: { hide: true } }, servePage);
  });
}
