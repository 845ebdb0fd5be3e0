/**
 * Headers every answer carries, set where the answer starts (the onRequest hook) or, for what the
 * router refuses before any hook runs, by its error handler (server.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatTraceparent } from './trace.ts';
import { versionInfo } from './versions.ts';

/**
 * Every `/v1` answer, JSON or a document, is data and never a page of this origin: opened in a
 * browser it runs nothing, loads nothing and gets an opaque origin (the sandbox), and is never
 * read as another type than the one it declares (docs/decisions.md, "Served documents").
 */
export const API_HEADERS = { 'Content-Security-Policy': "default-src 'none'; sandbox" };

/**
 * Headers of every answer, whatever its path: its request id and trace, and no guessing of a type
 * other than the one declared (pages, documents and JSON alike).
 */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Request-Id', request.id);
  reply.header('traceparent', formatTraceparent(request.state.trace));
  reply.header('X-Content-Type-Options', 'nosniff');
}

/** The version an answer is shaped in, and whether it is going away. */
export function setVersionHeaders(reply: FastifyReply, version: string): void {
  reply.header('Invoice-Version', version);
  const sunsetAt = versionInfo(version)?.sunsetAt;
  if (sunsetAt) {
    reply.header('Deprecation', 'true');
    reply.header('Sunset', sunsetAt.toUTCString());
  }
}
