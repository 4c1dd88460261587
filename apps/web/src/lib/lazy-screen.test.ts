import { render, screen } from '@testing-library/react';
import { Component, createElement, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyScreen, withChunkTimeout } from './lazy-screen';

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

describe('a part that failed to load', () => {
  it('is loaded again on the next render instead of failing for good', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new ChunkLoadError();
      return { default: () => createElement('p', null, 'loaded') };
    });
    const Part = lazyScreen(load);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      state = { failed: false };
      static getDerivedStateFromError = () => ({ failed: true });
      render = () => (this.state.failed ? createElement('p', null, 'failed') : this.props.children);
    }
    const tree = () => createElement(Boundary, null, createElement(Suspense, { fallback: null }, createElement(Part)));
    const first = render(tree());
    expect(await screen.findByText('failed')).toBeTruthy();
    first.unmount();
    const failedLoads = load.mock.calls.length;
    online = true;
    render(tree());
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(load.mock.calls.length).toBeGreaterThan(failedLoads);
  });
});

describe('a screen whose chunk is already there', () => {
  const tree = (Part: ReturnType<typeof lazyScreen>) =>
    createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Part));

  it('renders at once once preloaded, never showing its loading view', async () => {
    const Part = lazyScreen(async () => ({ default: () => createElement('p', null, 'page') }));
    await Part.preload();
    render(tree(Part));
    // Synchronously, in the first render: no loading view that React would hold for 300 ms.
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows its loading view first when it was not preloaded', async () => {
    const Part = lazyScreen(async () => ({ default: () => createElement('p', null, 'page') }));
    render(tree(Part));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('page')).toBeTruthy();
  });

  it('loads its chunk once however often it is preloaded and rendered', async () => {
    const load = vi.fn(async () => ({ default: () => createElement('p', null, 'page') }));
    const Part = lazyScreen(load);
    await Promise.all([Part.preload(), Part.preload()]);
    render(tree(Part));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
