import net from 'node:net';

/** Decides whether the image proxy may connect to `address` (an IP in canonical text form, as DNS answers or a
 * normalised URL give it) on `port`. The real policy ignores the port; tests allow one loopback fake with it. */
export type AddressPolicy = (address: string, port: number) => boolean;

const ipv4ToInt = (address: string): number | null => {
  if (!net.isIPv4(address)) return null;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
};

/** IPv4 ranges that are not the public internet (IANA special-purpose registry): a proxy must never reach them. */
const V4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];
const V4_RANGES = V4_NOT_PUBLIC.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  return { start: ipv4ToInt(base) as number, size };
});

const isPublicV4 = (n: number) => V4_RANGES.every(({ start, size }) => n < start || n >= start + size);

/** The 128-bit value of an IPv6 address; null for anything else, and for scoped addresses (fe80::1%eth0). */
const ipv6ToBigInt = (address: string): bigint | null => {
  if (!net.isIPv6(address) || address.includes('%')) return null;
  let text = address.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4ToInt(tail[1]);
    if (v4 === null) return null;
    text = `${text.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<string>(fill).fill('0'), ...right];
  if (words.length !== 8) return null;
  return words.reduce((n, w) => (n << 16n) | BigInt(Number.parseInt(w, 16)), 0n);
};

const v6 = (text: string) => ipv6ToBigInt(text) as bigint;
const inV6 = (n: bigint, base: bigint, bits: number) => n >> BigInt(128 - bits) === base >> BigInt(128 - bits);
const low32 = (n: bigint) => Number(n & 0xffffffffn);

const MAPPED = v6('::ffff:0:0'); // ::ffff:0:0/96, IPv4-mapped
const NAT64 = v6('64:ff9b::'); // 64:ff9b::/96, the well-known NAT64 prefix: reaches the embedded IPv4 address
const GLOBAL = v6('2000::'); // 2000::/3, the only global unicast space
const IETF = v6('2001::'); // 2001::/23: Teredo, benchmarking, ORCHID and other protocol assignments
const DOCUMENTATION = v6('2001:db8::'); // /32
const DOCUMENTATION_2 = v6('3fff::'); // /20 (RFC 9637)
const SIX_TO_FOUR = v6('2002::'); // 2002::/16 embeds an IPv4 address in bits 16..48

/** True only for an address of the public internet: never loopback, private, CGNAT, link-local, unique-local,
 * unspecified, multicast, broadcast, documentation or reserved space, nor an IPv6 form that embeds such an
 * IPv4 address (mapped, NAT64, 6to4). Anything that does not parse is refused. */
export const isPublicAddress = (address: string): boolean => {
  const four = ipv4ToInt(address);
  if (four !== null) return isPublicV4(four);
  const six = ipv6ToBigInt(address);
  if (six === null) return false;
  if (inV6(six, MAPPED, 96) || inV6(six, NAT64, 96)) return isPublicV4(low32(six));
  // Outside 2000::/3 lie ::, ::1, fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64 and the deprecated forms.
  if (!inV6(six, GLOBAL, 3)) return false;
  if (inV6(six, IETF, 23) || inV6(six, DOCUMENTATION, 32) || inV6(six, DOCUMENTATION_2, 20)) return false;
  if (inV6(six, SIX_TO_FOUR, 16)) return isPublicV4(low32(six >> 80n));
  return true;
};

export const publicAddressPolicy: AddressPolicy = (address) => isPublicAddress(address);
