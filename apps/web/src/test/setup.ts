/**
 * Vitest set-up: unmount after each test; jsdom lacks a few browser APIs. Test files run in Node
 * unless they name jsdom (`@vitest-environment jsdom`, vite.config.ts): then the browser parts below.
 */
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  // Only where something renders: Testing Library (and React DOM with it) is not loaded for the
  // files of logic, which run in Node.
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy… and waitFor give up after 1 s by default. A first render that loads lazy pages goes
  // through Vite's transform of each module, which on a loaded 2-core machine (the full suite, a
  // browser suite beside it) takes longer than that: the start-up tests failed there and passed
  // alone. A test that fails still fails, only later.
  configure({ asyncUtilTimeout: 5_000 });
  installBrowserParts();
}

function installBrowserParts() {
  if (!('ResizeObserver' in globalThis)) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  // React Aria escapes selectors with CSS.escape, which jsdom lacks.
  const scope = globalThis as { CSS?: { escape?: (value: string) => string } };
  scope.CSS ??= {};
  scope.CSS.escape ??= (value: string) => String(value).replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}
