import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client's address stands for, where a limit or a count is per client: an IPv4
 * address itself, an IPv6 address's /64. A home line or a phone is given a whole /64 and may
 * take any address in it (privacy addresses change daily, and 2^64 are there to try), so a
 * limit per IPv6 address limits nobody. An IPv4 address written as IPv6 (::ffff:a.b.c.d, as a
 * dual-stack socket reports it) is the IPv4 address. Anything else is kept as it is.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // an IPv6 zone (fe80::1%eth0) names an interface
  if (isIPv4(address) || !isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((g) => parseInt(g, 16));
}
