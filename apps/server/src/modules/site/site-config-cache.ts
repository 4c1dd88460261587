import type { NotifyBus } from '../../db/notify-bus.js';
import type { SiteRepository } from './site.repository.js';

/** The bus channel a change of a configuration key is told on (its payload: the key). */
const CHANNEL = 'site_config';

/**
 * The site's configuration rows (the website's settings, the switches, registration, SMTP) read from memory: every
 * page asks for the website's settings and every switch-gated call for the switches, and they change only when an
 * admin saves them. A write drops the key here at once (the instance that wrote reads its own write) and tells every
 * instance on the bus, which drops it too; a read after that goes to the database again. Losing the bus's connection
 * drops everything (what was told meanwhile was not heard). A read that was under way when its key was dropped is
 * answered but not kept. Values are shared: callers read them, never change them.
 */
export const withConfigCache = (repo: SiteRepository, bus: NotifyBus): SiteRepository => {
  const cache = new Map<string, unknown>();
  // Bumped by every drop: a read started before it does not keep what it read.
  let generation = 0;
  const drop = (key?: unknown) => {
    generation++;
    if (typeof key === 'string') cache.delete(key);
    else cache.clear();
  };
  void bus.subscribe(CHANNEL, drop);
  bus.onReconnect(() => drop());

  const written = async (key: string) => {
    drop(key);
    await bus.publish(CHANNEL, key);
  };

  return {
    ...repo,
    async getConfig<T>(key: string): Promise<T | undefined> {
      if (cache.has(key)) return cache.get(key) as T | undefined;
      const at = generation;
      const value = await repo.getConfig<T>(key);
      if (at === generation) cache.set(key, value);
      return value;
    },
    async setConfig(key: string, value: unknown) {
      await repo.setConfig(key, value);
      await written(key);
    },
    async seedConfig(key: string, value: unknown) {
      await repo.seedConfig(key, value);
      await written(key);
    },
  };
};
