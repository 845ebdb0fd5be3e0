/**
 * The client a request counts against in per-address limits (dashboard sign-in and sign-up).
 *
 * The address itself is Fastify's `request.ip`: the socket's peer, or under `TRUST_PROXY` the
 * right-most `X-Forwarded-For` entry that no trusted proxy wrote (the address just before the
 * trusted proxies; `TRUST_PROXY=true` trusts one hop, see `config.ts`).
 *
 * One client is then one IPv4 address or one IPv6 /64: a single subscriber is usually given a
 * whole /64 and may use any of its 2^64 addresses, so counting them one by one would let one
 * client past any limit. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, a dual-stack
 * socket's form) is the same client as its IPv4 form.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

// Only an address a trusted proxy wrote badly can be unparseable; it is still counted, bounded.
const MAX_UNPARSED_LENGTH = 64;

/** The key of `ip` in per-address limits: an IPv4 address, or an IPv6 network as `prefix::/64`. */
export function addressKey(ip: string): string {
  const text = ip.trim();
  // node:net is strict (dotted decimal only); ipaddr.js alone would read `010.0.0.1` as octal.
  if (isIP(text) === 0) return text.slice(0, MAX_UNPARSED_LENGTH);
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${network.toRFC5952String()}/64`;
}

/** The client of a request, as per-address limits count it. */
export function clientAddress(request: FastifyRequest): string {
  return addressKey(request.ip);
}
