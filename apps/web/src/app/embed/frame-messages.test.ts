// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoresizeOrder, isEmbedded, notifyAppointmentTaken, postToParent } from './frame-messages.ts';

afterEach(() => vi.restoreAllMocks());

function embedIn(parent: { postMessage: (...args: unknown[]) => void }) {
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
}

describe('frame messages (docs/requirements/booking-flow.md §1 embedding)', () => {
  it('sends nothing when the page is not in a frame', () => {
    expect(isEmbedded()).toBe(false);
    const post = vi.spyOn(window, 'postMessage');
    postToParent({ type: 'height', height: 10, urlname: null, path: '/' });
    expect(post).not.toHaveBeenCalled();
  });

  it('tells the parent about taken appointments, marked with our source', () => {
    const parent = { postMessage: vi.fn() };
    embedIn(parent);
    notifyAppointmentTaken('demo-salon', [
      { id: 3, start: '2025-03-14T08:30:00Z', intervention_name: 'Coupe' },
    ]);
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        source: 'creneau',
        type: 'appointmentTaken',
        urlname: 'demo-salon',
        appointments: [{ id: 3, start: '2025-03-14T08:30:00Z', intervention_name: 'Coupe' }],
      },
      '*',
    );
  });

  it('reads only well-formed autoresize orders', () => {
    expect(autoresizeOrder({ source: 'creneau-parent', type: 'autoresize', enabled: false })).toBe(false);
    expect(autoresizeOrder({ source: 'creneau-parent', type: 'autoresize', enabled: true })).toBe(true);
    expect(autoresizeOrder({ source: 'other', type: 'autoresize', enabled: true })).toBeNull();
    expect(autoresizeOrder({ source: 'creneau-parent', type: 'autoresize', enabled: 'no' })).toBeNull();
    expect(autoresizeOrder('autoresize')).toBeNull();
    expect(autoresizeOrder(null)).toBeNull();
  });
});
