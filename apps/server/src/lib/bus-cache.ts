import type { NotifyBus } from '../db/notify-bus.js';

/**
 * Rows that every request or every judging reads and that change only when an admin saves them, kept in memory by
 * key. A write drops its key here at once (the instance that wrote reads its own write) and tells every instance on
 * the bus's `channel`, which drops it too; a read after that goes to the database again. Losing the bus's connection
 * drops everything (what was told meanwhile was not heard). A read that was under way when its key was dropped is
 * answered but not kept. Values are shared: callers read them, never change them.
 */
export const busCache = <V>(bus: NotifyBus, channel: string) => {
  const cache = new Map<string, V>();
  // Bumped by every drop: a read started before it does not keep what it read.
  let generation = 0;
  const drop = (key?: unknown) => {
    generation++;
    if (typeof key === 'string') cache.delete(key);
    else cache.clear();
  };
  void bus.subscribe(channel, drop);
  bus.onReconnect(() => drop());
  return {
    /** The key's value, from memory or read by `load` (and kept). */
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (cache.has(key)) return cache.get(key) as V;
      const at = generation;
      const value = await load();
      if (at === generation) cache.set(key, value);
      return value;
    },
    /** After a write of `key` has committed: drops it here and on every instance. */
    async written(key: string) {
      drop(key);
      await bus.publish(channel, key);
    },
  };
};
