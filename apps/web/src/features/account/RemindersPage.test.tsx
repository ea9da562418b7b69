// @vitest-environment jsdom
/**
 * The stop link's page (docs/reminders.md "Stopping them") with a fake API: one call on opening,
 * even under strict mode; the undo and its opposite; a cut link, a refused one and a failure.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Group } from '../../api/group.ts';
import { changeLanguage, loadPart } from '../../i18n/i18n.ts';
import { GroupContext, type GroupContextValue } from '../../lib/group-context.ts';
import { MemoryRouter, Route, Routes } from '../../routing/routing.ts';
import { RemindersPage } from './RemindersPage.tsx';

const TOKEN = '7.123.abcdefghijklmnopqrstuv';
const context = {
  group: { id: 7, urlname: 'salon', name: 'Salon Capucine' } as Group,
} as GroupContextValue;

interface Sent {
  path: string;
  body: { token: string; channel: string; resume?: boolean };
  token: string | null;
}

/** Answers each call with the next of `answers` (the last one repeats); records what was sent. */
function serve(answers: ({ status: number; body: unknown } | 'offline')[]) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://test');
    sent.push({
      path: url.pathname,
      body: JSON.parse(String(init?.body)),
      token: url.searchParams.get('token'),
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const answer = (reminders: boolean, channel = 'email') => ({
  status: 200,
  body: { channel, reminders, group_name: 'Salon Capucine' },
});

function open(search: string) {
  render(
    <StrictMode>
      <GroupContext.Provider value={context}>
        <MemoryRouter initialEntries={[`/salon/reminders${search}`]}>
          <Routes>
            <Route path="/:urlname/reminders" element={<RemindersPage />} />
          </Routes>
        </MemoryRouter>
      </GroupContext.Provider>
    </StrictMode>,
  );
}

beforeAll(async () => {
  await changeLanguage('en');
  await loadPart('account');
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('RemindersPage', () => {
  it('stops the e-mail reminders once on opening, says so in a status, and undoes it on request', async () => {
    const sent = serve([answer(false), answer(true), answer(false)]);
    open(`?token=${TOKEN}&channel=email&locale=en`);
    expect(screen.getByRole('status').textContent).toContain('Updating your reminders');

    const title = await screen.findByRole('heading', { level: 1, name: 'Reminders stopped' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('status').textContent).toContain(
      'You will no longer receive reminders by e-mail from Salon Capucine.',
    );
    // Strict mode runs the opening effect twice: still one call.
    expect(sent).toEqual([
      { path: '/api/v3/reminders/opt-out', body: { token: TOKEN, channel: 'email' }, token: null },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Keep receiving them' }));
    const back = await screen.findByRole('heading', { level: 1, name: 'Reminders back on' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(screen.getByRole('status').textContent).toContain(
      'You will receive reminders by e-mail from Salon Capucine again.',
    );
    expect(sent[1]?.body).toEqual({ token: TOKEN, channel: 'email', resume: true });

    await userEvent.click(screen.getByRole('button', { name: 'Stop receiving them' }));
    await screen.findByRole('heading', { level: 1, name: 'Reminders stopped' });
    expect(sent[2]?.body).toEqual({ token: TOKEN, channel: 'email' });
    expect(sent).toHaveLength(3);
    // The way back to the booking page drops the link's own parameters.
    expect(
      screen.getByRole('link', { name: 'Go to the booking page of Salon Capucine' }).getAttribute('href'),
    ).toBe('/salon?locale=en');
  });

  it('names the text messages for the sms channel and sends no session token', async () => {
    window.localStorage.setItem('creneau.token', 'a-session');
    const sent = serve([answer(false, 'sms')]);
    open(`?token=${TOKEN}&channel=sms`);
    await screen.findByRole('heading', { level: 1, name: 'Reminders stopped' });
    expect(screen.getByRole('status').textContent).toContain(
      'You will no longer receive reminders by text message from Salon Capucine.',
    );
    expect(sent[0]?.body.channel).toBe('sms');
    expect(sent[0]?.token).toBeNull();
  });

  it.each([
    ['no token', '?channel=email'],
    ['an empty token', '?token=&channel=sms'],
    ['no channel', `?token=${TOKEN}`],
    ['another channel', `?token=${TOKEN}&channel=post`],
    ['a token too long', `?token=${'a'.repeat(201)}&channel=email`],
  ])('says a link with %s cannot be used, without asking the server', async (_case, search) => {
    const sent = serve([answer(false)]);
    open(search);
    const title = screen.getByRole('heading', { level: 1, name: 'This link is not valid any more' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(
      screen.getByRole('link', { name: 'Go to the booking page of Salon Capucine' }).getAttribute('href'),
    ).toBe('/salon');
    expect(sent).toEqual([]);
  });

  it('says a link the server does not know (404 linkNotFound) cannot be used', async () => {
    serve([{ status: 404, body: { message: 'linkNotFound', messages: { errors: ['linkNotFound'] } } }]);
    open(`?token=${TOKEN}&channel=email`);
    const title = await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again after a failure that is not the link’s, and then succeeds', async () => {
    const sent = serve(['offline', answer(false)]);
    open(`?token=${TOKEN}&channel=email`);
    await screen.findByRole('heading', { level: 1, name: 'Your reminders could not be changed' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Reminders stopped' });
    expect(sent).toHaveLength(2);
  });

  it('keeps the result and says so when the undo fails', async () => {
    serve([answer(false), { status: 500, body: { message: 'boom' } }]);
    open(`?token=${TOKEN}&channel=email`);
    await screen.findByRole('heading', { level: 1, name: 'Reminders stopped' });
    await userEvent.click(screen.getByRole('button', { name: 'Keep receiving them' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your choice could not be saved.');
    screen.getByRole('heading', { level: 1, name: 'Reminders stopped' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Keep receiving them' }).disabled).toBe(
      false,
    );
  });
});
