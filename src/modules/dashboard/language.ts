/**
 * The language of the messages a person reads (password feedback): the request's, as every
 * problem's (`Accept-Language`, platform/errors/language.ts). The dashboard sends the language it shows.
 */
export { requestLanguage, type Language } from '../../platform/errors/language.ts';
