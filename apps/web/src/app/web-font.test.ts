// @vitest-environment jsdom
/** When the page asks for Lato (docs/web-app.md "First paint"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./web-font.ts');
let webFont: Module;
let calls: typeof import('../api/calls-in-flight.ts');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.resetModules();
  calls = await import('../api/calls-in-flight.ts');
  webFont = await import('./web-font.ts');
  localStorage.clear();
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function pageLoaded() {
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  window.dispatchEvent(new Event('load'));
}

describe('loadWebFont', () => {
  it('on a first visit, asks once the page has loaded and its calls have been quiet, then remembers', async () => {
    const load = vi.fn(async () => {});
    let answer: () => void = () => {};
    const call = calls.counted(() => new Promise<void>((resolve) => (answer = resolve)));
    const done = webFont.loadWebFont(load);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).not.toHaveBeenCalled();
    pageLoaded();
    await vi.advanceTimersByTimeAsync(1_000);
    // The page's call is still on its way.
    expect(load).not.toHaveBeenCalled();
    answer();
    await call;
    await vi.advanceTimersByTimeAsync(399);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledOnce();
    await done;
    expect(localStorage.getItem('creneau.webFont')).toBe('loaded');
  });

  it('asks at once when the browser has had it', async () => {
    localStorage.setItem('creneau.webFont', 'loaded');
    const load = vi.fn(async () => {});
    const done = webFont.loadWebFont(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
    await done;
  });

  it('does not wait for ever on a page that keeps calling', async () => {
    const load = vi.fn(async () => {});
    void calls.counted(() => new Promise<void>(() => {}));
    void webFont.loadWebFont(load);
    pageLoaded();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledOnce();
  });

  it('without storage, waits as on a first visit and still loads', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const load = vi.fn(async () => {});
    const done = webFont.loadWebFont(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    pageLoaded();
    await vi.advanceTimersByTimeAsync(400);
    expect(load).toHaveBeenCalledOnce();
    await expect(done).resolves.toBeUndefined();
  });
});
