import net from 'node:net';

/** An address range as an exam's `allowedAddresses` keeps it (decision 0055): an IPv4 or IPv6 CIDR range, a single
 * address meaning its /32 or /128. */
export interface AddressRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** The range a text names (`10.0.0.0/24`, `10.1.2.3`, `2001:db8::/32`), or undefined when it is none: an address
 * Node does not read as IPv4 or IPv6, a prefix that is not a whole number within the family's bits. */
export const parseAddressRange = (text: string): AddressRange | undefined => {
  const value = text.trim();
  const slash = value.indexOf('/');
  const address = slash < 0 ? value : value.slice(0, slash);
  const version = net.isIP(address);
  if (version === 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  let prefix = bits;
  if (slash >= 0) {
    const p = value.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p)) return undefined;
    prefix = Number(p);
    if (prefix > bits) return undefined;
  }
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
};

/** The text stored for a range: `address/prefix`. */
export const formatAddressRange = (r: AddressRange) => `${r.address}/${r.prefix}`;

/** Whether an address falls in one of the ranges (an IPv4-mapped IPv6 address matches its IPv4 ranges). Ranges that
 * do not parse are left out; no ranges at all: every address matches. */
export const addressMatcher = (ranges: readonly string[]): ((ip: string) => boolean) => {
  if (ranges.length === 0) return () => true;
  const list = new net.BlockList();
  for (const text of ranges) {
    const r = parseAddressRange(text);
    if (r) list.addSubnet(r.address, r.prefix, r.family);
  }
  return (ip) => {
    const version = net.isIP(ip);
    if (version === 0) return false;
    return list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
};
