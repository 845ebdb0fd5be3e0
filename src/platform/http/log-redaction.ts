/**
 * What request logs may show. A client may put a credential in a query string (`?api_key=…`),
 * and headers carry keys and cookies: values of query parameters whose name says credential are
 * replaced, and pino's redaction removes the credential headers wherever a log line carries them.
 */
import type { FastifyRequest } from 'fastify';

const CREDENTIAL_NAME = /key|token|secret|password|passwd|auth|signature|session|cookie|sk_/i;
const CREDENTIAL_VALUE = /(sk|whsec)_[A-Za-z0-9_]+/g;
const REDACTED = '[REDACTED]';

/** A request URL with credential-looking query values (and any sk_/whsec_ secret) replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const pathPart = (question === -1 ? url : url.slice(0, question)).replace(CREDENTIAL_VALUE, REDACTED);
  if (question === -1) return pathPart;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is judged as written.
      }
      if (equals !== -1 && CREDENTIAL_NAME.test(decoded)) return `${name}=${REDACTED}`;
      return pair.replace(CREDENTIAL_VALUE, REDACTED);
    });
  return `${pathPart}?${query.join('&')}`;
}

/**
 * Pino paths removed from every log line (headers as Fastify and its error serializer log them).
 * Request logs never carry bodies; the dashboard's password fields are listed all the same, so a
 * log line that ever includes a request body (an error's context) cannot show a password.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...['password', 'current_password', 'new_password'].flatMap((field) => [`body.${field}`, `req.body.${field}`, `err.body.${field}`, `request.body.${field}`]),
];

/** The `req` serializer of request logs: method, redacted URL, and where the request came from. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}
