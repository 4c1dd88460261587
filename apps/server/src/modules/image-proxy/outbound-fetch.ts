import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { imageProxy } from '@oj/shared';
import type { AddressPolicy } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address a host name resolves to (the proxy refuses the host if any of them is refused). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Why an outbound fetch stopped; the service turns it into the answer's status and message. */
export class OutboundError extends Error {
  constructor(readonly reason: 'badUrl' | 'refused' | 'failed') {
    super(reason);
  }
}

export interface OutboundOptions {
  lookup: HostLookup;
  allowed: AddressPolicy;
  maxRedirects: number;
  /** Without a byte from the other side for this long (connecting included), the fetch fails. */
  idleTimeoutMs: number;
  signal: AbortSignal;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Resolves the host once and checks every address; the connection then goes to exactly these addresses. */
const checkedAddresses = async (url: URL, o: OutboundOptions): Promise<ResolvedAddress[]> => {
  const host = hostOf(url);
  const family = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await o.lookup(host);
    } catch {
      throw new OutboundError('failed');
    }
  }
  if (addresses.length === 0) throw new OutboundError('failed');
  const port = portOf(url);
  if (!addresses.every((a) => o.allowed(a.address, port))) throw new OutboundError('refused');
  return addresses;
};

/** A `lookup` for the socket that answers the checked addresses, whatever the DNS says by now: a name that
 * changes its answer between the check and the connection (DNS rebinding) cannot lead anywhere else. */
const pinnedLookup =
  (addresses: ResolvedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };

const request = (url: URL, addresses: ResolvedAddress[], o: OutboundOptions) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: hostOf(url),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // Nothing of the reader travels: no cookie, no referrer, no forwarded address.
        headers: { 'User-Agent': 'OJ-image-proxy', Accept: 'image/*', 'Accept-Encoding': 'identity' },
        lookup: pinnedLookup(addresses),
        // A fresh connection per request: a pooled socket would have been opened for another check.
        agent: false,
        timeout: o.idleTimeoutMs,
        signal: o.signal,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new OutboundError('failed')));
    req.on('error', reject);
    req.end();
  });

/** GETs `start` from a public address: each hop (at most `maxRedirects` redirects, followed here, never by the
 * HTTP client) is resolved, checked and pinned anew. Answers the final 200 response, its body unread. */
export const fetchPublic = async (start: string, o: OutboundOptions): Promise<http.IncomingMessage> => {
  let url = new URL(start);
  for (let hop = 0; hop <= o.maxRedirects; hop += 1) {
    const addresses = await checkedAddresses(url, o);
    let res: http.IncomingMessage;
    try {
      res = await request(url, addresses, o);
    } catch {
      throw new OutboundError('failed');
    }
    const status = res.statusCode ?? 0;
    if (status === 200) return res;
    res.destroy();
    const location = res.headers.location;
    if (![301, 302, 303, 307, 308].includes(status) || !location) throw new OutboundError('failed');
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundError('badUrl');
    }
    if (!imageProxy.isProxyableUrl(next.href)) throw new OutboundError('badUrl');
    url = next;
  }
  throw new OutboundError('failed');
};
