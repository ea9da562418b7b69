/**
 * Where a webhook may not go (docs/webhooks.md "What the server refuses to reach"): the machine
 * itself and the private networks around it. An endpoint's address is checked when saved, but its
 * host name may resolve to anything, now or later; so the sending resolves the name itself, refuses
 * the forbidden ranges, and connects to the very address it checked.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6');

/** True for loopback, private, link-local, shared, multicast and reserved addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return forbidden.check(mapped[1]!, 'ipv4');
  return forbidden.check(address, 'ipv6');
}

export class ForbiddenAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or loopback address`);
    this.name = 'ForbiddenAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http(s) that answers only allowed addresses: the socket connects to what was
 * checked, so a name that changes its answer between the check and the connection gains nothing.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = allowPrivate ? addresses : addresses.filter((a) => !isForbiddenAddress(a.address));
      if (allowed.length === 0 || allowed.length < addresses.length)
        return callback(Object.assign(new ForbiddenAddressError(hostname), { code: 'EFORBIDDEN' }), []);
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** Refuses an IP literal host up front: sockets connect to literals without any lookup. */
export function refuseForbiddenLiteral(hostname: string, allowPrivate: boolean): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(bare) !== 0 && isForbiddenAddress(bare))
    throw new ForbiddenAddressError(hostname);
}
