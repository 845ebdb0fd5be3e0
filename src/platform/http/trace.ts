import { randomHex } from '../random.ts';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

export interface TraceContext {
  traceId: string;
  /** This service's span for the request; outgoing calls use it as their parent. */
  spanId: string;
  flags: string;
}

/**
 * Accepts a W3C `traceparent` (Trace Context Level 1) and starts this request's span in its trace.
 * A missing or malformed header starts a new trace, as the recommendation says a receiver must.
 */
export function continueTrace(header: string | undefined): TraceContext {
  const match = header ? TRACEPARENT.exec(header.trim().toLowerCase()) : null;
  const spanId = randomHex(8);
  if (match) {
    const [, version, traceId, parentId, flags, rest] = match;
    const valid = version !== 'ff' && !/^0+$/.test(traceId!) && !/^0+$/.test(parentId!) && (version !== '00' || rest === undefined);
    if (valid) return { traceId: traceId!, spanId, flags: flags! };
  }
  return { traceId: randomHex(16), spanId, flags: '01' };
}

export function formatTraceparent(trace: TraceContext): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
}
