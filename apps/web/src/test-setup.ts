import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { loginFailures } from './features/auth/login-failures';
import { session } from './lib/auth-store';
import { liveProgress } from './lib/live-events';
import { unbindNotifiers } from './lib/notify';
import { loginDialog } from './lib/ui-store';

// findBy and waitFor wait up to 10 s: on a loaded machine antd's first render of a big form takes seconds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The test files of a worker share their modules (vitest.config.ts: isolate is off, which spares importing the app
// again for every file): the app-wide state a file left (notifiers, the account dialog, the session, the login
// failures, live progress) is put back as a fresh page load has it.
afterAll(() => {
  unbindNotifiers();
  loginDialog.close();
  session.clear();
  loginFailures.reset();
  liveProgress.set({});
});

// jsdom lacks matchMedia, which antd's responsive components and the frame's drawer switch use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which antd's Menu overflow and Input measure with.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// Screens render under antd's zero-runtime theme as in the app (test-utils.tsx), so antd writes no style sheets of its
// own; what a component still writes outside it (a toast's holder, a static modal) is taken out here.
// antd's CSS-in-JS puts dozens of big style sheets in the page, and jsdom matches every rule of them again on the
// first getComputedStyle after each change of the document (~30 ms a call): that was 459 s of the web tests' 595.
// jsdom lays nothing out, so the sheets only ever told the tests what antd hides by class; the tests find what a
// user can reach by role and state, and the browser journeys (e2e/) check what is shown, with the real styles.
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (
        node instanceof HTMLStyleElement &&
        (node.hasAttribute('data-css-hash') || node.hasAttribute('data-token-hash'))
      )
        node.remove();
    }
  }
}).observe(document.head, { childList: true });
