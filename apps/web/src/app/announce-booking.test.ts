// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceBooking } from './announce-booking.ts';
import { setConsent } from './tracking/consent.ts';
import { rememberLanding } from './tracking/social-landing.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  setConsent('granted');
  delete window.fbq;
});

const appointments = [{ id: 9, start: '2025-03-14T08:30:00Z' }];

describe('announceBooking', () => {
  it('tells the parent frame and sends Schedule for a social visitor', () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    rememberLanding(new URLSearchParams('fbclid=x'), '');
    announceBooking({ urlname: 'demo-salon', facebook_pixel_id: '42' }, appointments);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'creneau', type: 'appointmentTaken', urlname: 'demo-salon', appointments },
      '*',
    );
    expect(window.fbq?.queue).toContainEqual(['track', 'Schedule']);
  });

  it('sends no pixel event when the visitor refused measurement', () => {
    rememberLanding(new URLSearchParams('fbclid=x'), '');
    setConsent('denied');
    announceBooking({ urlname: 'demo-salon', facebook_pixel_id: '42' }, appointments);
    expect(window.fbq).toBeUndefined();
  });
});
