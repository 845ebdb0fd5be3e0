/**
 * The language of the messages a person reads (password feedback): Spanish when the request's
 * `Accept-Language` prefers it (`es`, `es-MX`, …) over English, English otherwise. The dashboard
 * sends the language it shows.
 */
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

export type Language = 'en' | 'es';

// English first: a wildcard (`*`) gets it, as does a header that names neither language.
const LANGUAGES: Language[] = ['en', 'es'];

export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (header === undefined) return 'en';
  return new Negotiator({ headers: { 'accept-language': header } }).language(LANGUAGES) === 'es' ? 'es' : 'en';
}
