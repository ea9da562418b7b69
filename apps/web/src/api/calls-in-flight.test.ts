/** The wait for the API calls to be quiet, which the web font waits for (app/web-font.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./calls-in-flight.ts');
let calls: Module;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.resetModules();
  calls = await import('./calls-in-flight.ts');
});
afterEach(() => vi.useRealTimers());

/** A call whose answer comes when `answer` is called. */
function pendingCall() {
  let answer: (value: string) => void = () => {};
  const done = calls.counted(() => new Promise<string>((resolve) => (answer = resolve)));
  return { done, answer: (value: string) => answer(value) };
}

function watch(promise: Promise<void>) {
  const state = { resolved: false };
  void promise.then(() => (state.resolved = true));
  return state;
}

describe('whenCallsQuiet', () => {
  it('waits the quiet time from the moment it is asked, even before any call', async () => {
    const quiet = watch(calls.whenCallsQuiet(400));
    await vi.advanceTimersByTimeAsync(399);
    expect(quiet.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet.resolved).toBe(true);
  });

  it('waits while a call is on its way, then the quiet time after its answer', async () => {
    const call = pendingCall();
    const quiet = watch(calls.whenCallsQuiet(400));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(quiet.resolved).toBe(false);
    call.answer('ok');
    await expect(call.done).resolves.toBe('ok');
    await vi.advanceTimersByTimeAsync(399);
    expect(quiet.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet.resolved).toBe(true);
  });

  it('starts counting again when a call follows an answer within the quiet time', async () => {
    const quiet = watch(calls.whenCallsQuiet(400));
    const first = pendingCall();
    first.answer('one');
    await first.done;
    await vi.advanceTimersByTimeAsync(300);
    // The next step's call, started by the first answer's render.
    const second = pendingCall();
    await vi.advanceTimersByTimeAsync(300);
    second.answer('two');
    await second.done;
    await vi.advanceTimersByTimeAsync(399);
    expect(quiet.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet.resolved).toBe(true);
  });

  it('counts a failed call as ended, and passes its failure on', async () => {
    const failing = calls.counted(() => Promise.reject(new Error('network')));
    await expect(failing).rejects.toThrow('network');
    const quiet = watch(calls.whenCallsQuiet(400));
    await vi.advanceTimersByTimeAsync(400);
    expect(quiet.resolved).toBe(true);
  });
});
