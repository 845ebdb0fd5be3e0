/**
 * The language of the words a person reads in an answer (a problem's title, detail, remediation
 * and field messages): Spanish when the request's `Accept-Language` prefers it (`es`, `es-MX`, …)
 * over English, English otherwise, the API's default. Codes, paths and types never change with it.
 */
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

export type Language = 'en' | 'es';

// English first: a wildcard (`*`) gets it, as does a header that names neither language.
const LANGUAGES: Language[] = ['en', 'es'];

/** The language an `Accept-Language` value asks for, q-values and regional variants included. */
export function negotiateLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (value === undefined || value.trim() === '') return 'en';
  return new Negotiator({ headers: { 'accept-language': value } }).language(LANGUAGES) === 'es' ? 'es' : 'en';
}

export function requestLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']);
}

/** The `Content-Language` of an answer in `language`: Mexican Spanish or English. */
export function contentLanguage(language: Language): string {
  return language === 'es' ? 'es-MX' : 'en';
}
