import net from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'forbidden';

function blockList(ranges: [string, number][]): net.BlockList {
  const list = new net.BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, net.isIPv6(network) ? 'ipv6' : 'ipv4');
  return list;
}

const LOOPBACK = blockList([
  ['127.0.0.0', 8],
  ['::1', 128],
]);

// IANA special-purpose registries (RFC 6890 and successors): nothing here is a public host a
// webhook may reach. Cloud metadata services live in 169.254.0.0/16 and fd00:ec2::/32 (in fc00::/7).
const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const FORBIDDEN_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 through a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, AWS metadata (fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const FORBIDDEN = blockList([...FORBIDDEN_V4, ...FORBIDDEN_V6]);

/** The IPv4 address carried inside an IPv4-mapped (::ffff:a.b.c.d) or 6to4 (2002:AABB:CCDD::) address. */
function embeddedIpv4(address: string): string | undefined {
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hexMapped = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) return wordsToIpv4(hexMapped[1]!, hexMapped[2]!);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/i.exec(address);
  if (sixToFour) return wordsToIpv4(sixToFour[1]!, sixToFour[2]!);
  return undefined;
}

function wordsToIpv4(high: string, low: string): string {
  const value = (parseInt(high, 16) << 16) | parseInt(low, 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
}

/**
 * Classifies an IP address for webhook delivery: loopback (allowed only outside production),
 * forbidden (private, link-local, CGNAT, multicast, metadata…), or public. IPv6 forms that embed
 * an IPv4 address are judged by that address, so ::ffff:127.0.0.1 is loopback.
 */
export function classifyAddress(address: string): AddressClass {
  const family = net.isIP(address);
  if (family === 0) return 'forbidden';
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== undefined) return classifyAddress(inner);
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (FORBIDDEN.check(address, type)) return 'forbidden';
  return 'public';
}
