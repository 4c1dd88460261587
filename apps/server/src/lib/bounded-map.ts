/** A Map that keeps at most `maxEntries`: setting a key makes it the newest, and the oldest goes when it is full.
 * The in-memory caches of pages and counts use it, so none grows without end. */
export const boundedMap = <K, V>(maxEntries: number) => {
  const map = new Map<K, V>();
  return {
    get: (key: K) => map.get(key),
    set(key: K, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > maxEntries) map.delete(map.keys().next().value as K);
    },
    delete: (key: K) => map.delete(key),
    clear: () => map.clear(),
  };
};
