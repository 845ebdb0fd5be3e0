/**
 * The database could not be used at all: the server is down or restarting, the network dropped
 * the connection, or the embedded database's thread stopped. Such a failure says nothing about
 * the request, so it is answered 503 `service.unavailable` with Retry-After (problem.ts) and the
 * job worker retries the job without spending one of its attempts (jobs/queue.ts).
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket failures: the server is not there, or the connection to it is gone. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot take the statement whatever it is: class 08 (connection
 * exception), admin_shutdown, crash_shutdown and cannot_connect_now (starting up, shutting down,
 * in recovery), too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

// node-postgres's own messages for a connection that broke or was never made (pg/lib/client.js, pg-pool).
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/** Whether `error` is a failure of the connection to a PostgreSQL server rather than of a statement. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Node reports a host with several addresses that all refuse as one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return false;
}

/** Whether `error`, or an error it was caused by, is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
  }
  return false;
}
