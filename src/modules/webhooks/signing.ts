import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
// 24 random bytes (192 bits), within the 24–64 bytes Standard Webhooks recommends.
const SECRET_BYTES = 24;

/** A new signing secret: `whsec_` and the base64 of random bytes, as Standard Webhooks defines it. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * One Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256, keyed with the decoded
 * secret, of `{webhook-id}.{webhook-timestamp}.{body}`.
 */
function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers. With several secrets (a rotation's grace period) the
 * signature header carries one space-separated signature per secret, newest first, so receivers
 * holding either secret accept the message.
 */
export function signedHeaders(secrets: string[], id: string, at: Date, body: string): SignedHeaders {
  const timestampSeconds = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(' '),
  };
}
