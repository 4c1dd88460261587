import type { NotifyBus } from '../../db/notify-bus.js';
import { busCache } from '../../lib/bus-cache.js';
import type { SiteRepository } from './site.repository.js';

/** The site's configuration rows (the website's settings, the switches, registration, SMTP) read from memory
 * (lib/bus-cache.ts): every page asks for the website's settings and every switch-gated call for the switches, and
 * they change only when an admin saves them. Its bus channel's payload is the key written. */
export const withConfigCache = (repo: SiteRepository, bus: NotifyBus): SiteRepository => {
  const cache = busCache<unknown>(bus, 'site_config');
  return {
    ...repo,
    getConfig: <T>(key: string) => cache.get(key, () => repo.getConfig<T>(key)) as Promise<T | undefined>,
    async setConfig(key: string, value: unknown) {
      await repo.setConfig(key, value);
      await cache.written(key);
    },
    async seedConfig(key: string, value: unknown) {
      await repo.seedConfig(key, value);
      await cache.written(key);
    },
  };
};
