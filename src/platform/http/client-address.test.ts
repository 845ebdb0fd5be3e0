import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../config.ts';
import { addressKey } from './client-address.ts';

test('per-address limits count an IPv4 address as itself, an IPv4-mapped IPv6 address as its IPv4, and IPv6 by its /64', () => {
  assert.equal(addressKey('203.0.113.9'), '203.0.113.9');
  assert.equal(addressKey('::ffff:203.0.113.9'), '203.0.113.9');
  assert.equal(addressKey('::FFFF:cb00:7109'), '203.0.113.9');
  for (const address of ['2001:db8:1:2::a', '2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:1', '2001:db8:1:2::1%eth0']) {
    assert.equal(addressKey(address), '2001:db8:1:2::/64', address);
  }
  assert.equal(addressKey('2001:db8:1:3::a'), '2001:db8:1:3::/64');
  assert.equal(addressKey('::1'), '::/64');
});

test('what is not an address in dotted-decimal or IPv6 form is counted as written (bounded), never read as another address', () => {
  assert.equal(addressKey('010.0.0.1'), '010.0.0.1', 'not octal');
  assert.equal(addressKey('0x7f.1'), '0x7f.1');
  assert.equal(addressKey('unknown'), 'unknown');
  assert.equal(addressKey('x'.repeat(500)).length, 64);
});

test('TRUST_PROXY=true trusts one proxy hop; a count, addresses or off are kept as given', () => {
  const trustProxy = (value: string) => loadConfig({ APP_ENV: 'test', TRUST_PROXY: value }).trustProxy;
  assert.equal(trustProxy('true'), 1);
  assert.equal(trustProxy('TRUE'), 1);
  assert.equal(trustProxy('2'), 2);
  assert.equal(trustProxy('0'), false);
  assert.equal(trustProxy('false'), false);
  assert.equal(trustProxy('10.0.0.0/8, 192.0.2.1'), '10.0.0.0/8, 192.0.2.1');
  assert.equal(loadConfig({ APP_ENV: 'test' }).trustProxy, false);
});
