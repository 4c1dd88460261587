import path from 'node:path';
import { imageProxy } from '@oj/shared';
import { AppError, badRequest } from '../../http/app-error.js';
import type { SiteService } from '../site/site.service.js';
import { type AddressPolicy, publicAddressPolicy } from './address-policy.js';
import { type CachedImage, cacheKeyOf, createImageCache } from './image-cache.js';
import { fetchPublic, type HostLookup, OutboundError, systemLookup } from './outbound-fetch.js';

export interface ImageProxyLimits {
  maxBytes: number;
  maxRedirects: number;
  /** The whole fetch: DNS, every hop and the body. */
  totalTimeoutMs: number;
  /** Silence from the other side, connecting included. */
  idleTimeoutMs: number;
  /** A cached image older than this is fetched again. */
  ttlMs: number;
  /** The cache's size on disk; beyond it the oldest entries go. */
  cacheMaxBytes: number;
  /** Fetches one instance runs at once; more are refused with 429 rather than queued without bound. */
  maxConcurrentFetches: number;
}

export const DEFAULT_IMAGE_PROXY_LIMITS: ImageProxyLimits = {
  maxBytes: imageProxy.IMAGE_PROXY_LIMITS.maxBytes,
  maxRedirects: imageProxy.IMAGE_PROXY_LIMITS.maxRedirects,
  totalTimeoutMs: 10_000,
  idleTimeoutMs: 5_000,
  ttlMs: 7 * 24 * 3600_000,
  cacheMaxBytes: 512 * 1024 * 1024,
  maxConcurrentFetches: 32,
};

/** What tests replace: the resolver, the address policy and the limits. The defaults are the real ones. */
export interface ImageProxyOptions {
  lookup?: HostLookup;
  allowed?: AddressPolicy;
  limits?: Partial<ImageProxyLimits>;
}

const SWEEP_EVERY_MS = 60_000;

/** Images of other sites, fetched by the server and served from the site (decision 0011), unless the admin has
 * switched external images off. */
export const createImageProxyService = (
  deps: { site: SiteService; dataDir: string; now?: () => Date } & ImageProxyOptions,
) => {
  const now = deps.now ?? (() => new Date());
  const limits = { ...DEFAULT_IMAGE_PROXY_LIMITS, ...deps.limits };
  const lookup = deps.lookup ?? systemLookup;
  const allowed = deps.allowed ?? publicAddressPolicy;
  const cache = createImageCache(path.join(deps.dataDir, 'cache', 'img-proxy'), {
    ttlMs: limits.ttlMs,
    maxTotalBytes: limits.cacheMaxBytes,
    now,
  });
  // One fetch per URL at a time in this instance: a page showing an image ten times fetches it once.
  const inFlight = new Map<string, Promise<void>>();
  let lastSweepMs = 0;

  const download = async (url: string, key: string) => {
    const signal = AbortSignal.timeout(limits.totalTimeoutMs);
    try {
      const res = await fetchPublic(url, {
        lookup: (host) =>
          Promise.race([
            lookup(host),
            new Promise<never>((_, reject) => {
              if (signal.aborted) reject(signal.reason);
              signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            }),
          ]),
        allowed,
        maxRedirects: limits.maxRedirects,
        idleTimeoutMs: limits.idleTimeoutMs,
        signal,
      });
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        res.destroy();
        throw new AppError(502, 'imageTooLarge');
      }
      const result = await cache.store(key, res, limits.maxBytes);
      if (result === 'tooLarge') throw new AppError(502, 'imageTooLarge');
      if (result === 'notImage') throw new AppError(502, 'imageNotImage');
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof OutboundError && e.reason === 'refused') throw new AppError(403, 'imageAddressRefused');
      if (e instanceof OutboundError && e.reason === 'badUrl') throw badRequest('imageUrlInvalid', 'url');
      // Unreachable, refused connection, timeout, an answer other than 200, too many redirects, a cut body.
      throw new AppError(502, 'imageFetchFailed');
    }
    if (now().getTime() - lastSweepMs > SWEEP_EVERY_MS) {
      lastSweepMs = now().getTime();
      void cache.sweep().catch(() => {});
    }
  };

  return {
    /** The image at `url` (an absolute http(s) URL the contract has checked), from the cache when fresh. */
    async image(url: string): Promise<CachedImage> {
      if ((await deps.site.websiteConfig()).externalImages === 'block') {
        throw new AppError(403, 'externalImagesBlocked');
      }
      if (!imageProxy.isProxyableUrl(url)) throw badRequest('imageUrlInvalid', 'url');
      const normalized = new URL(url).href;
      const key = cacheKeyOf(normalized);
      const cached = await cache.open(key);
      if (cached) return cached;
      let fetching = inFlight.get(key);
      if (!fetching) {
        if (inFlight.size >= limits.maxConcurrentFetches) throw new AppError(429, 'tooManyRequests');
        fetching = download(normalized, key).finally(() => inFlight.delete(key));
        inFlight.set(key, fetching);
      }
      await fetching;
      const stored = await cache.open(key);
      if (!stored) throw new AppError(502, 'imageFetchFailed');
      return stored;
    },
  };
};
export type ImageProxyService = ReturnType<typeof createImageProxyService>;
