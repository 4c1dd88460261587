import { type ComponentType, lazy } from 'react';

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

/** React.lazy with the chunk-load timeout; every route-level split point goes through it. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export const lazyScreen = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) =>
  lazy(() => withChunkTimeout(load));
