import { boundedMap } from './bounded-map.js';

/** A list's total counted at most every `maxAgeMs` per filter (every page of a list asks for it; a count scans
 * every matching row while a page stops after its rows). `clear` after this server's own changes counts again at
 * once; another instance's changes show within `maxAgeMs`. */
export const countCache = <F>(count: (filter: F) => Promise<number>, maxAgeMs: number, maxEntries = 1000) => {
  const totals = boundedMap<string, { at: number; total: Promise<number> }>(maxEntries);
  return {
    of(filter: F) {
      const key = JSON.stringify(filter);
      const at = Date.now();
      const cached = totals.get(key);
      if (cached && at - cached.at < maxAgeMs) return cached.total;
      const total = count(filter);
      totals.set(key, { at, total });
      total.catch(() => totals.delete(key));
      return total;
    },
    clear: () => totals.clear(),
  };
};
