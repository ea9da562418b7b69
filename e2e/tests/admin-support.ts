/**
 * Helpers of the back-office browser tests (admin-*.spec.ts): the demo salon's staff logins, logging
 * in from the back office's door, the salon's wall clock, the public slots of Léonie's cut, and the
 * layout checks every back-office screen gets. Generic page steps (tabTo, noPageOverflow) live in
 * booking-helpers.ts, the API and bookings in account-support.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect } from '../support/fixtures.ts';
import { apiGet, apiPost, groupId, shot, useToken } from './account-support.ts';
import { noPageOverflow } from './booking-helpers.ts';

export interface Login {
  email: string;
  password: string;
}

/** The demo salon's staff (demo/groups/demo-salon.json). */
export const OWNER: Login = { email: 'capucine.moreau@example.com', password: 'Atelier-Croix26!' };
export const MANAGER: Login = { email: 'julien.faure@example.com', password: 'Gerant-Salon26!' };
export const STAFF: Login = { email: 'leonie.marchand@example.com', password: 'Ciseaux-Lyon26!' };
export const CALL_CENTRE: Login = { email: 'nadia.lefevre@example.com', password: 'Standard#Appel26' };

export const LEONIE = 23;
/** "Coupe femme", an hour, which every stylist of the salon performs. */
export const WOMENS_CUT = 35;

/** Opens the back office without a session: the login page, then back to the back office. */
export async function logInToAdmin(page: Page, login: Login) {
  await page.goto('/demo-salon/admin?locale=en');
  await expect(page).toHaveURL(/\/demo-salon\/login\?locale=en$/);
  await page.getByTestId('login-email').fill(login.email);
  await page.getByTestId('login-password').fill(login.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/);
}

/**
 * Opens the back office (or `address` in it) already logged in, with a token the API gave (as admin-invitation.spec.ts
 * does): for the tests that are about what comes after the login. The login page itself stays
 * covered by logInToAdmin: admin-agenda.spec.ts's owner, staff and call-centre tests and the
 * manager's in admin-people.spec.ts and admin-settings.spec.ts.
 */
export async function openAdminAs(page: Page, login: Login, address = '/demo-salon/admin?locale=en') {
  // The page's own request context: the login's session cookie lands in the page's browser context.
  const salon = await groupId(page.request, 'demo-salon');
  await useToken(page, await staffToken(page.request, salon, login));
  await page.goto(address);
  // The sections' menu shows once the server has taken the session as a member of the staff's; a
  // session it refused would have been sent to the login page instead. The back office's code
  // loads lazily, which on a busy machine has taken over 20 s the first time.
  await expect(page.getByTestId('admin-nav')).toBeVisible({ timeout: 45_000 });
}

/** A session token of a member of the salon's staff, for the API's own view of the back office. */
export async function staffToken(request: APIRequestContext, group: number, login: Login) {
  const answer = await apiPost<{ account_token: string }>(request, '/v3/sessions/login.json', {
    credentials: login,
    account: { group_id: group },
  });
  return answer.account_token;
}

/** axe at 1280 and 768, no overflow at 390, 768 and 1280 (screenshots at each); back to 1280. */
export async function checkLayouts(page: Page, label: string) {
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noPageOverflow(page, `${label} at ${width}px`);
    if (width !== 390) await expectAccessible(page, `${label} at ${width}px`);
    await shot(page, `admin-${label.replace(/\W+/g, '-')}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An instant on the salon's wall clock, "YYYY-MM-DDTHH:MM" (the agenda's and the slot list's form). */
export function salonClock(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The UTC date `days` from now, "YYYY-MM-DD". */
export const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A date `days` after another. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Minutes since midnight of "HH:MM". */
export const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
/** The starts from 13:30 on, the afternoon an absence blocks. */
export const afternoon = (starts: string[]) => starts.filter((start) => start.slice(11, 16) >= '13:30');

/** The public slots of Léonie's women's cut on a day, as the booking pages read them. */
export async function leonieCutStarts(request: APIRequestContext, salon: number, day: string) {
  const body = await apiGet<{ availabletimeslots: { start: string }[] }>(
    request,
    `/v3/groups/${salon}/availabletimeslots`,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE, start: day, nDays: 1 },
  );
  return body.availabletimeslots.map((slot) => slot.start).filter((start) => start.startsWith(day));
}

/**
 * A Tuesday, Wednesday or Friday (Léonie's days ending at 19:00) in the `span` days (five weeks
 * unless said) from `fromDays` ahead whose public starts `fit`, from a random one on (tests side
 * by side rarely pick the same day); '' when none does.
 */
export async function leonieDay(
  request: APIRequestContext,
  salon: number,
  fromDays: number,
  fit: (starts: string[]) => boolean,
  span = 35,
) {
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const day = dateIn(fromDays + ((offset + i) % span));
    if (![2, 3, 5].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) continue;
    const starts = await leonieCutStarts(request, salon, day);
    if (fit(starts)) return { day, starts };
  }
  return { day: '', starts: [] as string[] };
}

/** A call to the configuration API with the session of the page (the owner's). */
export async function configurationCall<T>(
  page: Page,
  method: string,
  suffix = '',
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, suffix, body }) => {
      const token = window.localStorage.getItem('creneau.token') ?? '';
      const salon = await (await fetch('/api/v3/services/groups/demo-salon.json?apikey=creneau-dev')).json();
      const query = `apikey=creneau-dev&token=${encodeURIComponent(token)}`;
      const response = await fetch(`/api/v3/admin/groups/${salon.id}/configuration${suffix}?${query}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} configuration${suffix}: ${response.status}`);
      return response.json();
    },
    { method, suffix, body },
  ) as Promise<T>;
}

/**
 * Makes the configuration version `before` the current one again, if saves were made since and
 * it differs (a restore, itself a new version): the last step of the tests that save settings.
 */
export async function restoreVersion(page: Page, before: number) {
  const now = await configurationCall<{ version: number }>(page, 'GET');
  if (now.version <= before) return;
  const back = await configurationCall<{ changes: unknown[] }>(page, 'GET', `/versions/${before}/diff`);
  if (back.changes.length > 0)
    // Putting everything back may strand what tests side by side booked meanwhile: it is done anyway.
    await configurationCall(page, 'POST', `/versions/${before}/restore`, {
      based_on: now.version,
      accept_stranded: true,
    });
}
