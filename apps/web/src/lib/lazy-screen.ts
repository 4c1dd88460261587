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

/** React.lazy with the chunk-load timeout; every split point goes through it. React.lazy keeps a failed load for
 * good (the part would stay broken until the page is loaded again): after a failure the next render loads it again,
 * so a network blip costs one error screen, not the part. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export const lazyScreen = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) => {
  const fresh = () =>
    lazy(() =>
      withChunkTimeout(load).catch((err) => {
        current = fresh();
        throw err;
      }),
    );
  let current = fresh();
  const Screen = (props: ComponentProps<C>) => createElement(current, props);
  return Screen as unknown as C;
};
