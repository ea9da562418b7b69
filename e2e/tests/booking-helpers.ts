/**
 * Helpers of the booking browser tests: API look-ups against the real server (group ids, free
 * slots, logins, the visitor's appointments), and the steps a visitor takes in the page. The tests
 * run in parallel on one server, so each picks its own calendar and day (`daysAhead`) and takes a
 * slot the API says is free at that moment, rather than a hard-coded date.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect } from '../support/fixtures.ts';

export const KEY = 'apikey=creneau-dev';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots/tmp');

export interface Slot {
  start: string;
  time: string;
  capacity: number;
  promotion: number | null;
}

/** A group's configuration (id, time zone…). */
export async function groupOf(request: APIRequestContext, urlname: string) {
  const response = await request.get(`/api/v3/services/groups/${urlname}.json?${KEY}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number; timezone: string };
}

/** "YYYY-MM-DD" `days` after today in a time zone. */
export function dayAhead(days: number, timeZone = 'Europe/Paris'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** Query string of a slot search (bracket notation, as the web app sends it). */
export function slotQuery(params: {
  start: string;
  appointments: Record<string, number>[];
  calendar_id?: number;
  calendar_ids?: number[];
  resource_id?: number;
  nDays?: number;
}): string {
  const parts = [`start=${params.start}`, `nDays=${params.nDays ?? 7}`, 'promotions=1'];
  params.appointments.forEach((entry, i) => {
    for (const [k, v] of Object.entries(entry)) parts.push(`appointments[${i}][${k}]=${v}`);
  });
  if (params.calendar_id) parts.push(`calendar_id=${params.calendar_id}`);
  for (const id of params.calendar_ids ?? []) parts.push(`calendar_ids[]=${id}`);
  if (params.resource_id) parts.push(`resource_id=${params.resource_id}`);
  return parts.join('&');
}

/** The free slots of the first day from `start` that has any (in the group's zone). */
export async function firstDayOfSlots(
  request: APIRequestContext,
  groupId: number,
  params: Parameters<typeof slotQuery>[0],
): Promise<{ day: string; slots: Slot[] }> {
  const response = await request.get(
    `/api/v3/groups/${groupId}/availabletimeslots?${KEY}&${slotQuery(params)}`,
  );
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { availabletimeslots: Slot[]; firstSlot: string | null };
  const first = body.availabletimeslots[0]?.start ?? body.firstSlot;
  expect(first, 'a free slot within the booking horizon').toBeTruthy();
  const day = first!.slice(0, 10);
  if (body.availabletimeslots.some((s) => s.start.startsWith(day))) {
    return { day, slots: body.availabletimeslots.filter((s) => s.start.startsWith(day)) };
  }
  return firstDayOfSlots(request, groupId, { ...params, start: day });
}

/** Logs in through the API; the session token. */
export async function apiLogin(
  request: APIRequestContext,
  groupId: number,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post(`/api/v3/sessions/login.json?${KEY}`, {
    data: { credentials: { email, password }, account: { group_id: groupId } },
  });
  const body = await response.json();
  const token = body.account_token ?? body.pro_token ?? body.fiche_token;
  expect(token, JSON.stringify(body)).toBeTruthy();
  return token as string;
}

/** Makes the page start logged in with a token (as after a login). */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem('creneau.token', value), token);
}

/** The session token the page holds (a guest session after booking without an account). */
export function pageToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('creneau.token'));
}

/** The appointments a token sees in a group. */
export async function appointmentsOf(request: APIRequestContext, groupId: number, token: string) {
  const response = await request.get(`/api/v3/appointments?${KEY}&group_id=${groupId}&token=${token}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    id: number;
    start: string;
    intervention_id: number;
    calendar_id: number;
    pack_id: number | null;
    resource: { id: number } | null;
    fiche: { firstname: string; lastname: string };
    comments: string | null;
    vevent: Record<string, unknown> | null;
  }[];
}

/** Picks a slot in the grid: its button, or its time in the menu of its hour. */
export async function pickSlot(page: Page, slot: Slot) {
  const day = page.locator(`[data-testid="slot-day"][data-date="${slot.start.slice(0, 10)}"]`);
  await expect(day).toBeVisible();
  const hour = day.locator(`li[data-hour="${Number(slot.time.slice(0, 2))}"]`);
  const direct = hour.locator(`[data-testid="slot"][data-start="${slot.start}"]`);
  if ((await direct.count()) > 0) {
    await direct.click();
    return;
  }
  await hour.getByTestId('slot-menu').click();
  await page.getByRole('menuitem', { name: new RegExp(`^${slot.time}`) }).click();
}

/** Fills the visible fiche (or vevent) fields by name. */
export async function fill(page: Page, prefix: 'fiche' | 'vevent', values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.getByTestId(`${prefix}-${name}`).fill(value);
}

/**
 * No horizontal scrolling of the page; a failure names the outermost elements that reach past the
 * window's right edge, that is what widens the page.
 */
export async function noPageOverflow(page: Page, label: string) {
  const { overflow, culprits } = await page.evaluate(() => {
    const past = (element: Element | null) =>
      element !== null && element.getBoundingClientRect().right > window.innerWidth + 0.5;
    const beyond = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => past(element) && !past(element.parentElement),
    );
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      culprits: beyond.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  });
  expect(overflow, `horizontal overflow on ${label}: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
}

/** Presses Tab until `target` has the focus (at most `most` times). */
export async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** axe at this point of a flow (no serious or critical violation) and no horizontal scrolling. */
export async function checkPage(page: Page, name: string) {
  await noPageOverflow(page, name);
  await expectAccessible(page, name);
  if (process.env.SCREENSHOTS) {
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${shots}/booking-${name}-${width}.png`, fullPage: true });
  }
}

/** The page's h1. */
export const heading = (page: Page): Locator => page.getByRole('heading', { level: 1 });
