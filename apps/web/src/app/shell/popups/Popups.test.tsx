// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Group } from '../../../api/group.ts';
import { ANONYMOUS_SESSION } from '../../../api/session-current.ts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { QueryClient, QueryClientProvider } from '../../../query/query.ts';
import { MemoryRouter, Route, Routes, useLocation } from '../../../routing/routing.ts';
import { useNotificationStore } from '../../../ui/notification-store.ts';
import { type Popup, usePopupStore } from '../../../ui/popup-store.ts';
import { Popups } from './Popups.tsx';

const group = {
  id: 5,
  urlname: 'acme',
  name: 'Acme',
  sso_login_only: false,
  loginProfile: 'Account',
  timezone: 'Europe/Paris',
  currency: 'EUR',
  phone: null,
} as unknown as Group;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function show(popup: Popup, session = ANONYMOUS_SESSION) {
  usePopupStore.setState({ popup });
  // The app renders popups inside its query client (the logout is a mutation).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/acme/book/slots?locale=en']}>
        <Routes>
          <Route
            path="*"
            element={<Popups popup={popup} group={group} session={session} steps={['intervention_ids']} />}
          />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  usePopupStore.setState({ popup: null });
});

describe('popups', () => {
  it('alert: shows a translated message and closes', async () => {
    show({ kind: 'alert', message: 'availabletimeslots' });
    const dialog = screen.getByRole('alertdialog', { name: 'Information' });
    expect(dialog.textContent).toContain('This time is no longer available.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it('details: shows the item with its sanitised description', () => {
    show({
      kind: 'details',
      item: {
        type: 'intervention',
        id: 3,
        title: 'Coupe',
        description: '<p>Short <b>cut</b><script>x()</script></p>',
      },
    });
    const dialog = screen.getByRole('dialog', { name: 'Coupe' });
    expect(dialog.querySelector('b')?.textContent).toBe('cut');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('add to calendar: offers Google Calendar and an .ics file', () => {
    show({
      kind: 'addToCalendar',
      event: {
        title: 'Coupe',
        start: '2025-03-14T08:30:00Z',
        end: '2025-03-14T09:00:00Z',
        timeZone: 'Europe/Paris',
      },
    });
    expect(screen.getByRole('dialog').textContent).toContain('09:30');
    const google = screen.getByRole('link', { name: /Google Calendar/ });
    expect(google.getAttribute('href')).toContain('dates=20250314T083000Z%2F20250314T090000Z');
    const ics = screen.getByRole('link', { name: /Download the event/ });
    expect(ics.getAttribute('download')).toBe('appointment.ics');
    expect(decodeURIComponent(ics.getAttribute('href')!)).toContain('DTSTART:20250314T083000Z');
  });

  it('logout: confirming ends the session and goes to the login page', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    show({ kind: 'logout' }, { ...ANONYMOUS_SESSION, logged: true, type: 'user' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/acme/login?locale=en'));
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/v3/sessions/logout.json');
    expect(useNotificationStore.getState().current?.key).toBe('loggedOut');
  });
});
