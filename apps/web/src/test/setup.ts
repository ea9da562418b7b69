/** Vitest set-up for component tests: unmount after each test; jsdom lacks a few browser APIs. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
