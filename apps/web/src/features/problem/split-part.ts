import { useEffect, useState } from 'react';
import { withChunkTimeout } from '../../lib/lazy-screen';

/** A part of the problem page in its own chunk, shown the moment its chunk is there (decision 0045).
 *
 * React.lazy would do, but a lazy part suspends on its first render even when its chunk has long arrived, and React
 * shows what a Suspense boundary holds at the earliest 300 ms after it showed the fallback: the editor took its first
 * keystroke that much later. `start()` asks for the chunk (the page's split point does, when the route is matched:
 * problem-detail-early.ts); `use()` returns the module once it is there (at once when it already is) and undefined
 * until then, and lets the part's caller show what stands in for it. A chunk that failed to arrive fails the render
 * (the route's error screen, as for a lazy screen); the next `start()` asks for it again. */
export const splitPart = <M>(load: () => Promise<M>) => {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const start = (): Promise<M> => {
    pending ??= withChunkTimeout(load).then(
      (m) => {
        loaded = m;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const use = (): M | undefined => {
    const [module, setModule] = useState(loaded);
    const [, setFailure] = useState<unknown>();
    useEffect(() => {
      if (module) return;
      let live = true;
      start().then(
        (m) => {
          if (live) setModule(() => m);
        },
        (err: unknown) => {
          if (live)
            setFailure(() => {
              throw err;
            });
        },
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module ?? loaded;
  };
  return { start, use };
};
