import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { classifyAddress } from './address-ranges.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injectable so tests need no network). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface UrlPolicy {
  /** Production accepts only https and public addresses; elsewhere http and loopback are allowed too. */
  production: boolean;
  resolve: Resolver;
}

export type RefusalKind = 'invalid_url' | 'url_not_allowed';

/** Why a webhook URL was refused; routes map it to an API error, deliveries record it. */
export class UrlRefusal extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = 'UrlRefusal';
    this.kind = kind;
  }
}

export const MAX_URL_LENGTH = 2048;

// Names that only ever mean "this machine" or a cloud's metadata service, whatever DNS says.
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

function bareHostname(url: URL): string {
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host;
}

function isLocalName(host: string): boolean {
  const lower = host.toLowerCase();
  return LOCAL_SUFFIXES.some((suffix) => lower === suffix || lower.endsWith(`.${suffix}`));
}

/**
 * Checks what can be checked without DNS: an absolute http(s) URL (https only in production), no
 * user name or password (`https://bank.example@10.0.0.1/` reads as one host and reaches another),
 * no fragment, and no host that is local or a metadata service by name. The WHATWG parser has
 * already turned decimal, octal and hexadecimal IPv4 spellings into dotted form.
 */
export function parseWebhookUrl(raw: string, policy: Pick<UrlPolicy, 'production'>): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlRefusal('invalid_url', `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusal('invalid_url', `'${raw.slice(0, 200)}' is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UrlRefusal('invalid_url', `Webhook URLs use https, not ${url.protocol.slice(0, -1)}.`);
  }
  if (policy.production && url.protocol !== 'https:') {
    throw new UrlRefusal('invalid_url', 'Webhook URLs must use https in production.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlRefusal('invalid_url', 'Webhook URLs cannot carry a user name or password.');
  }
  if (url.hash !== '') throw new UrlRefusal('invalid_url', 'Webhook URLs cannot carry a fragment (#…).');
  const host = bareHostname(url);
  if (host === '') throw new UrlRefusal('invalid_url', 'The URL has no host.');
  if (METADATA_NAMES.has(host.toLowerCase())) {
    throw new UrlRefusal('url_not_allowed', `${host} is a cloud metadata service, which webhooks may not reach.`);
  }
  if (policy.production && net.isIP(host) === 0) {
    if (isLocalName(host)) throw new UrlRefusal('url_not_allowed', `${host} names a local or internal host.`);
    if (!host.includes('.')) throw new UrlRefusal('url_not_allowed', `${host} is not a fully qualified domain name.`);
  }
  return url;
}

function checkAddress(host: string, entry: ResolvedAddress, policy: UrlPolicy): void {
  const kind = classifyAddress(entry.address);
  if (kind === 'public') return;
  if (kind === 'loopback' && !policy.production) return;
  const what = kind === 'loopback' ? 'a loopback address' : 'a private, link-local or reserved address';
  const via = host === entry.address ? '' : ` (${host} resolves to ${entry.address})`;
  throw new UrlRefusal('url_not_allowed', `The URL points to ${what}${via}; webhooks only reach public hosts.`);
}

/**
 * Resolves the URL's host and checks every address it has; returns the one to connect to. The
 * caller must connect to exactly that address (not resolve again), so that a DNS answer that
 * changes between check and connection (rebinding) cannot redirect the request.
 */
export async function resolveWebhookTarget(url: URL, policy: UrlPolicy): Promise<ResolvedAddress> {
  const host = bareHostname(url);
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch (error) {
      throw new UrlRefusal('invalid_url', `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}).`);
    }
    if (addresses.length === 0) throw new UrlRefusal('invalid_url', `${host} has no addresses.`);
  }
  for (const entry of addresses) checkAddress(host, entry, policy);
  return addresses[0]!;
}

/** Both checks, as registration runs them. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  await resolveWebhookTarget(url, policy);
  return url;
}
