import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/** A script part that has not arrived after 120 s fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('ChunkLoadError');
    this.name = 'ChunkLoadError';
  }
}

export const withChunkTimeout = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });

/** A thenable React.lazy takes at once: React.lazy renders a module straight away only when the thenable it is given
 * calls back before returning; a promise, even a settled one, suspends the first render once (the route's loading
 * view, then React's reveal held for at least 300 ms after any loading view of the page last showed). */
// biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point.
const settled = <T>(value: T) => ({ then: (resolve: (v: T) => void) => resolve(value) }) as unknown as Promise<T>;

export interface LazyScreenOptions {
  /** The text namespaces the screen shows: the first render of a page opened from outside the app waits for them
   * with its chunk (`preload`), so the screen renders at once instead of suspending on its texts. */
  namespaces?: string[];
}

/** A screen in its own chunk, with `preload()` (start its chunk now; settled once it is there) and the namespaces it
 * needs: the entry (main.tsx, through app/screens.ts's `preloadRoute`) starts the opened route's screens and renders
 * the app once they are there, so the first render shows the page, not a loading view. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export type LazyScreen<C extends ComponentType<any>> = C & { preload: () => Promise<void>; namespaces: string[] };

/** React.lazy with the chunk-load timeout; every split point goes through it. A screen whose chunk is already there
 * (preloaded) renders without suspending. React.lazy keeps a failed load for good (the part would stay broken until
 * the page is loaded again): after a failure the next render loads it again, so a network blip costs one error
 * screen, not the part. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export const lazyScreen = <C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  options: LazyScreenOptions = {},
): LazyScreen<C> => {
  let loaded: { default: C } | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const start = () => {
    pending ??= withChunkTimeout(load).then(
      (mod) => {
        loaded = mod;
        return mod;
      },
      (err) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const fresh = () =>
    lazy(() =>
      loaded
        ? settled(loaded)
        : start().catch((err) => {
            current = fresh();
            throw err;
          }),
    );
  let current = fresh();
  const Screen = (props: ComponentProps<C>) => createElement(current, props);
  return Object.assign(Screen as unknown as C, {
    preload: () => start().then(() => undefined),
    namespaces: options.namespaces ?? [],
  });
};
