import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './lazy-screen';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with a chunk-load error when a script part has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => {})).catch((e) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
