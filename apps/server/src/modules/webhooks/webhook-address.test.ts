import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, refuseForbiddenLiteral } from './webhook-address.ts';

describe('addresses a webhook may not reach (docs/webhooks.md)', () => {
  it('refuses loopback, private, link-local, shared and reserved ranges, in both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('refuses an IP literal host up front, unless the test flag allows private addresses', () => {
    expect(() => refuseForbiddenLiteral('127.0.0.1', false)).toThrow(/private or loopback/);
    expect(() => refuseForbiddenLiteral('[::1]', false)).toThrow(/private or loopback/);
    expect(() => refuseForbiddenLiteral('127.0.0.1', true)).not.toThrow();
    expect(() => refuseForbiddenLiteral('hooks.example.com', false)).not.toThrow();
  });
});
