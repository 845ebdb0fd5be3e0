import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress } from './address-ranges.ts';
import { checkWebhookUrl, parseWebhookUrl, resolveWebhookTarget, UrlRefusal, type Resolver, type UrlPolicy } from './url-guard.ts';

// A DNS table standing in for the network: names an attacker controls, pointing anywhere.
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'hooks.example.com': ['93.184.216.34'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.attacker.example': ['10.0.0.5'],
  'mixed.attacker.example': ['93.184.216.34', '127.0.0.1'],
  'loopback.attacker.example': ['127.0.0.1'],
  'metadata.attacker.example': ['169.254.169.254'],
  'aws6.attacker.example': ['fd00:ec2::254'],
  'mapped.attacker.example': ['::ffff:10.1.2.3'],
  'cgnat.attacker.example': ['100.64.0.1'],
  'linklocal6.attacker.example': ['fe80::1'],
  'nat64.attacker.example': ['64:ff9b::a00:1'],
  'zero.attacker.example': ['0.0.0.0'],
};

const resolver: Resolver = async (hostname) => {
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const production: UrlPolicy = { production: true, resolve: resolver };
const development: UrlPolicy = { production: false, resolve: resolver };

async function refusal(url: string, policy: UrlPolicy): Promise<UrlRefusal> {
  try {
    await checkWebhookUrl(url, policy);
  } catch (error) {
    assert.ok(error instanceof UrlRefusal, `${url}: ${String(error)}`);
    return error;
  }
  assert.fail(`${url} was accepted`);
}

const HOSTILE_URLS = [
  'http://hooks.example.com/webhooks', // plain http in production
  'https://127.0.0.1/',
  'https://127.1/',
  'https://2130706433/', // 127.0.0.1 in decimal
  'https://0x7f000001/', // hexadecimal
  'https://0177.0.0.1/', // octal
  'https://0x7f.0.0.1/',
  'https://017700000001/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/', // IPv4-mapped IPv6
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:a9fe:a9fe]/', // mapped 169.254.169.254
  'https://[::]/',
  'https://0.0.0.0/',
  'https://0/',
  'https://10.0.0.1/',
  'https://172.16.5.4/',
  'https://172.31.255.255/',
  'https://192.168.1.1/',
  'https://100.64.0.1/', // carrier-grade NAT
  'https://169.254.169.254/latest/meta-data/', // cloud metadata
  'https://169.254.1.1/',
  'https://[fd00:ec2::254]/', // AWS metadata over IPv6
  'https://[fe80::1]/',
  'https://[fc00::1]/',
  'https://224.0.0.1/', // multicast
  'https://[ff02::1]/',
  'https://255.255.255.255/',
  'https://198.18.0.1/',
  'https://[64:ff9b::a9fe:a9fe]/', // NAT64 to metadata
  'https://[2002:7f00:1::]/', // 6to4 around 127.0.0.1
  'https://localhost/',
  'https://localhost./',
  'https://api.localhost/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/',
  'https://printer.local/',
  'https://intranet/',
  'https://hooks.example.com@127.0.0.1/', // user-info trick: the host is 127.0.0.1
  'https://user:pass@hooks.example.com/',
  'https://rebind.attacker.example/', // public-looking name, private address
  'https://mixed.attacker.example/', // one good address and one loopback
  'https://loopback.attacker.example/',
  'https://metadata.attacker.example/',
  'https://aws6.attacker.example/',
  'https://mapped.attacker.example/',
  'https://cgnat.attacker.example/',
  'https://linklocal6.attacker.example/',
  'https://nat64.attacker.example/',
  'https://zero.attacker.example/',
  'ftp://hooks.example.com/',
  'file:///etc/passwd',
  'gopher://hooks.example.com/',
  'https://nxdomain.attacker.example/',
];

describe('webhook URL guard', () => {
  test(`production refuses ${HOSTILE_URLS.length} hostile URLs`, async () => {
    assert.ok(HOSTILE_URLS.length >= 30);
    for (const url of HOSTILE_URLS) {
      const error = await refusal(url, production);
      assert.ok(error.message.length > 10, url);
    }
  });

  test('production accepts public https hosts, by name and by address, IPv4 and IPv6', async () => {
    for (const url of [
      'https://hooks.example.com/webhooks?x=1',
      'https://v6.example.com:8443/in',
      'https://93.184.216.34/',
      'https://[2606:2800:220:1:248:1893:25c8:1946]/',
    ]) {
      const checked = await checkWebhookUrl(url, production);
      assert.equal(checked.protocol, 'https:', url);
    }
  });

  test('outside production, http and loopback are allowed but private and metadata addresses are not', async () => {
    for (const url of [
      'http://127.0.0.1:4000/hook',
      'http://localhost:4000/',
      'http://[::1]:4000/',
      'http://hooks.example.com/',
      'http://loopback.attacker.example/',
    ]) {
      await checkWebhookUrl(url, development);
    }
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://rebind.attacker.example/',
      'http://metadata.google.internal/',
      'http://u:p@127.0.0.1/',
    ]) {
      await refusal(url, development);
    }
  });

  test('refusals say which kind: a malformed or non-https URL, or an address that is not allowed', async () => {
    assert.equal((await refusal('http://hooks.example.com/', production)).kind, 'invalid_url');
    assert.equal((await refusal('not a url', production)).kind, 'invalid_url');
    assert.equal((await refusal('https://nxdomain.attacker.example/', production)).kind, 'invalid_url');
    assert.equal((await refusal('https://10.0.0.1/', production)).kind, 'url_not_allowed');
    const rebind = await refusal('https://rebind.attacker.example/', production);
    assert.equal(rebind.kind, 'url_not_allowed');
    assert.match(rebind.message, /resolves to 10\.0\.0\.5/);
  });

  test('the target is an address that was checked, so the connection cannot be re-resolved elsewhere', async () => {
    const url = parseWebhookUrl('https://hooks.example.com/', production);
    assert.deepEqual(await resolveWebhookTarget(url, production), { address: '93.184.216.34', family: 4 });
    let answer = ['93.184.216.34'];
    const changing: Resolver = async () => answer.map((address) => ({ address, family: 4 as const }));
    const policy = { production: true, resolve: changing };
    await resolveWebhookTarget(url, policy);
    answer = ['192.168.0.10'];
    await assert.rejects(resolveWebhookTarget(url, policy), UrlRefusal);
  });

  test('address classes follow the IANA special-purpose registries', () => {
    const expectations: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['127.0.0.53', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['10.255.255.255', 'forbidden'],
      ['172.15.255.255', 'public'],
      ['172.32.0.0', 'public'],
      ['100.127.255.255', 'forbidden'],
      ['100.128.0.0', 'public'],
      ['::ffff:a9fe:a9fe', 'forbidden'],
      ['2002:0808:0808::1', 'public'],
      ['2001:db8::1', 'forbidden'],
      ['not-an-ip', 'forbidden'],
    ];
    for (const [address, expected] of expectations) assert.equal(classifyAddress(address), expected, address);
  });
});
