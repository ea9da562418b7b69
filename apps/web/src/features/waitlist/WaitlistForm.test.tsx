// @vitest-environment jsdom
/** The waiting-list form (docs/waitlist.md): opened by its button, checked before sending, what it sends, its answers. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Group } from '../../api/group.ts';
import { ANONYMOUS_SESSION } from '../../api/session-current.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { GroupContext } from '../../lib/group-context.ts';
import { QueryClient, QueryClientProvider } from '../../query/query.ts';
import { WaitlistForm } from './WaitlistForm.tsx';

const group = {
  id: 7,
  timezone: 'Europe/Paris',
  forms: { fiche: [{ name: 'firstphone', type: 'text', label: 'firstphone', required: true }] },
} as unknown as Group;

function show(answer: { status: number; body: unknown }) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    sent.push({ path: new URL(input, 'http://test').pathname, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  render(
    <GroupContext.Provider
      value={{ group, session: ANONYMOUS_SESSION, steps: [], preselection: {} as never, locale: 'en' }}
    >
      <QueryClientProvider client={new QueryClient()}>
        <WaitlistForm interventionId={35} calendarId={23} from="2026-12-01" to="2026-12-14" />
      </QueryClientProvider>
    </GroupContext.Provider>,
  );
  return sent;
}

beforeAll(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('button', { name: 'Tell me when a time frees up' }));
  await user.type(screen.getByLabelText('Your e-mail address'), email);
  await user.type(screen.getByLabelText('First name'), 'Wanda');
  await user.type(screen.getByLabelText('Last name'), 'Waiting');
  await user.type(screen.getByLabelText('Phone number'), '0612345678');
}

describe('waiting-list form', () => {
  it('opens from its button, refuses a bad address before sending, then sends the entry', async () => {
    const sent = show({ status: 201, body: { id: 1, status: 'open' } });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Tell me when a time frees up' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await fill(user, 'not-an-address');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toContain('Enter a valid e-mail address.');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Your e-mail address'));
    await user.type(screen.getByLabelText('Your e-mail address'), 'wanda@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('status')).textContent).toContain('We will write to wanda@example.com');
    expect(sent).toEqual([
      {
        path: '/api/v3/groups/7/waitlist',
        body: {
          intervention_id: 35,
          calendar_id: 23,
          from: '2026-12-01',
          to: '2026-12-14',
          email: 'wanda@example.com',
          firstname: 'Wanda',
          lastname: 'Waiting',
          phone: '0612345678',
          locale: 'en',
        },
      },
    ]);
  });

  it('says when the address already waits for as much as allowed', async () => {
    show({
      status: 422,
      body: { message: 'waitlistTooManyEntries', messages: { errors: ['waitlistTooManyEntries'] } },
    });
    const user = userEvent.setup();
    await fill(user, 'busy@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByTestId('waitlist-error')).textContent).toBe(
      'You already have as many requests on this waiting list as allowed.',
    );
  });
});
