import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and reads one written as IPv6 as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('reduces IPv6 to its /64, however the address is written', () => {
    const net = '2001:db8:85a3:42::/64';
    expect(clientNetwork('2001:db8:85a3:42::1')).toBe(net);
    expect(clientNetwork('2001:0DB8:85A3:0042:ffff:ffff:ffff:ffff')).toBe(net);
    expect(clientNetwork('2001:db8:85a3:42:1:2:3:4')).toBe(net);
    expect(clientNetwork('2001:db8:85a3:42::203.0.113.7')).toBe(net);
    expect(clientNetwork('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    for (const odd of ['', 'unknown', '2001:db8::g', '1.2.3', '::ffff:999.1.1.1']) {
      expect(clientNetwork(odd)).toBe(odd);
    }
  });
});
