/**
 * The token Autentica hands out and the other services demand in `Authorization: WRAP
 * access_token="..."`. Its shape copies the SAT's: a JWT signed with HMAC-SHA256 (alg named by
 * its XML-DSig URI, issuer "LoadSolicitudDecargaMasivaTerceros", `actort` = the FIEL serial as
 * hex) followed by `%26wrap_subject%3d` and that hex serial. The key lives only in memory, so a
 * restarted simulator asks clients to authenticate again, as an expired token would.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const HEADER = { alg: 'http://www.w3.org/2001/04/xmldsig-more#hmac-sha256', typ: 'JWT' };
const ISSUER = 'LoadSolicitudDecargaMasivaTerceros';
const SUBJECT_SEPARATOR = '%26wrap_subject%3d';

export interface IssuedToken {
  value: string;
  created: Date;
  expires: Date;
}

export interface TokenClaims {
  /** Hex of the FIEL NoCertificado's ASCII digits, as the SAT writes `actort`. */
  subject: string;
  expires: Date;
}

function base64url(value: Buffer | string): string {
  return Buffer.from(value).toString('base64url');
}

export class TokenAuthority {
  private readonly key = randomBytes(32);

  constructor(private readonly lifetimeSeconds: number) {}

  issue(noCertificado: string, now: Date): IssuedToken {
    const subject = Buffer.from(noCertificado, 'latin1').toString('hex');
    const issuedAt = Math.floor(now.getTime() / 1000);
    const payload = { nbf: issuedAt, exp: issuedAt + this.lifetimeSeconds, iat: issuedAt, iss: ISSUER, actort: subject };
    const unsigned = `${base64url(JSON.stringify(HEADER))}.${base64url(JSON.stringify(payload))}`;
    const value = `${unsigned}.${this.sign(unsigned)}${SUBJECT_SEPARATOR}${subject}`;
    return { value, created: now, expires: new Date(now.getTime() + this.lifetimeSeconds * 1000) };
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(value: string, now: Date): TokenClaims | undefined {
    const [jwt, subject, extra] = value.split(SUBJECT_SEPARATOR);
    const [header, payload, signature, more] = (jwt ?? '').split('.');
    if (extra !== undefined || more !== undefined || !header || !payload || !signature || !subject) return undefined;
    const expected = Buffer.from(this.sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: { exp?: unknown; nbf?: unknown; actort?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return undefined;
    }
    if (typeof claims.exp !== 'number' || typeof claims.nbf !== 'number' || claims.actort !== subject) return undefined;
    const seconds = now.getTime() / 1000;
    if (seconds >= claims.exp || seconds < claims.nbf) return undefined;
    return { subject, expires: new Date(claims.exp * 1000) };
  }

  private sign(unsigned: string): string {
    return createHmac('sha256', this.key).update(unsigned).digest('base64url');
  }
}

/** The token of an `Authorization: WRAP access_token="..."` header (quotes optional). */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  const match = /^\s*WRAP\s+access_token\s*=\s*"?([^"\s]+)"?\s*$/i.exec(header ?? '');
  return match?.[1];
}
