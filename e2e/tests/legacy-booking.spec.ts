/**
 * demo-yoga runs on the legacy API generation (`profile.use_api_v3: false`, docs/api.md and
 * docs/demo.md): a visitor books from the first step to the confirmation and cancels, a customer
 * logs in and cancels from the appointments list. Every call the page makes after loading the
 * group's configuration goes to a legacy path, and changing an appointment is never offered.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, patchGroup, test } from '../support/fixtures.ts';
import {
  checkPage,
  dayAhead,
  fill,
  heading,
  KEY,
  pageToken,
  pickSlot,
  type Slot,
} from './booking-helpers.ts';

// Whole bookings through the page: longer than a page check.
test.describe.configure({ timeout: 120_000 });

const YOGA = 'demo-yoga';
const ZONE = 'Europe/Lisbon';

/** The group id (the configuration call exists in v3 only) and the ids of its items by externid. */
async function yogaIds(request: APIRequestContext) {
  const config = await request.get(`/api/v3/services/groups/${YOGA}.json?${KEY}`);
  expect(config.ok()).toBe(true);
  const group = (await config.json()) as { id: number; profile: { use_api_v3: boolean } };
  expect(group.profile.use_api_v3).toBe(false);
  const ids: Record<string, number> = {};
  for (const list of ['interventions', 'calendars']) {
    const response = await request.get(`/api/groups/${group.id}/${list}?${KEY}`);
    expect(response.ok(), list).toBe(true);
    for (const record of (await response.json()).records as { id: number; externid: string }[])
      ids[record.externid] = record.id;
  }
  return { groupId: group.id, ids };
}

/** The free slots of the first day from `start` that has any, through the legacy slots call. */
async function legacySlots(
  request: APIRequestContext,
  groupId: number,
  serviceId: number,
  calendarId: number,
  start: string,
): Promise<{ day: string; slots: Slot[] }> {
  const response = await request.get(
    `/api/groups/${groupId}/availabletimeslots?${KEY}&start=${start}&intervention_ids[]=${serviceId}&calendar_id=${calendarId}`,
  );
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { availabletimeslots: Slot[]; firstSlot: string | null };
  const first = body.availabletimeslots[0]?.start ?? body.firstSlot;
  expect(first, 'a free slot within the booking horizon').toBeTruthy();
  const day = first!.slice(0, 10);
  const slots = body.availabletimeslots.filter((s) => s.start.startsWith(day));
  return slots.length ? { day, slots } : legacySlots(request, groupId, serviceId, calendarId, day);
}

/** The API paths the page calls (without the query string). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/**
 * The v3 calls the page makes on a legacy group: the group's configuration (it has no legacy form)
 * and the first session check, which starts alongside it before the flag is known (both
 * generations answer it alike; docs/decisions/008-legacy-api-generation.md). Nothing else.
 */
function expectOnlyStartupCallsOnV3(calls: string[]) {
  const v3 = calls.filter((call) => call.includes('/api/v3/'));
  expect(v3.sort()).toEqual([
    `GET /api/v3/services/groups/${YOGA}.json`,
    'GET /api/v3/sessions/current.json',
  ]);
}

async function fichesAppointments(request: APIRequestContext, groupId: number, token: string) {
  const response = await request.get(`/api/fiche/appointments?${KEY}&group_id=${groupId}&token=${token}`);
  expect(response.ok(), await response.text()).toBe(true);
  const body = await response.json();
  expect(Array.isArray(body)).toBe(false);
  return body.records as { id: number; start: string; intervention_id: number; calendar_id: number }[];
}

/** Books `service` with `calendar` on the first day with slots from `daysAhead`, through the page. */
async function bookThroughPage(
  page: Page,
  request: APIRequestContext,
  choice: { groupId: number; service: number; calendar: number; daysAhead: number; firstname: string },
) {
  const { day, slots } = await legacySlots(
    request,
    choice.groupId,
    choice.service,
    choice.calendar,
    dayAhead(choice.daysAhead, ZONE),
  );
  const slot = slots.at(-1)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/${YOGA}/book/intervention_ids?locale=en&date=${day}`);

  // The first page of a run loads the whole app: give it more than a step's time.
  await expect(heading(page)).toHaveText('Choose a service', { timeout: 30_000 });
  await page.getByTestId(`service-${choice.service}`).click();
  await page.getByTestId(`calendar-${choice.calendar}`).click();
  await expect(heading(page)).toHaveText('Choose a date and time');
  await pickSlot(page, slot);

  await expect(heading(page)).toHaveText('Your details');
  await fill(page, 'fiche', {
    firstname: choice.firstname,
    lastname: 'Sousa',
    email: `${choice.firstname.toLowerCase()}.sousa@example.com`,
    firstphone: '912345678',
  });
  await page.getByTestId('book-submit').click();

  await expect(page).toHaveURL(/\/book\/confirm/);
  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(page.getByTestId('confirmation')).toContainText(`for ${choice.firstname} Sousa`);
  await expect(page.getByTestId('confirm-cancel')).toBeVisible();
  return slot;
}

test('a visitor books a class through the legacy API, sees no change button, and cancels', async ({
  page,
  request,
}) => {
  const { groupId, ids } = await yogaIds(request);
  const calls = recordApiCalls(page);
  const slot = await bookThroughPage(page, request, {
    groupId,
    service: ids.hatha!,
    calendar: ids.ines!,
    daysAhead: 4,
    firstname: 'Marta',
  });
  // Changing an appointment exists only in v3: no button on a legacy group.
  await expect(page.getByTestId('confirm-change')).toHaveCount(0);
  await checkPage(page, 'legacy-confirm');

  const token = await pageToken(page);
  expect(token).toBeTruthy();
  const [booked] = await fichesAppointments(request, groupId, token!);
  expect(booked).toMatchObject({
    start: new Date(slot.start).toISOString(),
    intervention_id: ids.hatha,
    calendar_id: ids.ines,
  });

  // The calendar file is the legacy link: the token alone, no api key.
  await page.getByTestId('confirm-add-to-calendar').click();
  const icsLink = page.getByRole('link', { name: /\.ics/ });
  await expect(icsLink).toHaveAttribute(
    'href',
    new RegExp(`/api/groups/${groupId}/appointments/${booked!.id}\\.ics\\?token=`),
  );
  const ics = await request.get((await icsLink.getAttribute('href'))!);
  expect(ics.ok()).toBe(true);
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  await page.keyboard.press('Escape');

  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('cancel-dialog')).toBeVisible();
  await page.getByTestId('cancel-yes').click();
  await expect(page).toHaveURL(/\/book\/intervention_ids/);
  expect(await fichesAppointments(request, groupId, token!)).toEqual([]);

  expect(calls).toEqual(
    expect.arrayContaining([
      `GET /api/groups/${groupId}/interventions`,
      `GET /api/groups/${groupId}/availabletimeslots`,
      `POST /api/groups/${groupId}/appointments.json`,
      `POST /api/groups/${groupId}/appointments/batch_delete.json`,
    ]),
  );
  expectOnlyStartupCallsOnV3(calls);
});

test('a customer logs in, lists her classes through the legacy API, has no change action, and cancels', async ({
  page,
  request,
}) => {
  const { groupId, ids } = await yogaIds(request);
  const login = await request.post(`/api/sessions/login.json?${KEY}`, {
    data: {
      credentials: { email: 'joana.ferreira@example.com', password: 'Mare-Alfama26!' },
      account: { group_id: groupId },
    },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const apiToken = (await login.json()).account_token as string;
  const fiches = await request.get(`/api/groups/${groupId}/fiches?${KEY}&token=${apiToken}`);
  const [joana] = (await fiches.json()).records as { id: number }[];
  const { slots } = await legacySlots(request, groupId, ids['pilates-solo']!, ids.rui!, dayAhead(6, ZONE));
  let bookedId: number | undefined;
  for (const slot of [...slots].reverse()) {
    const response = await request.post(`/api/groups/${groupId}/appointments.json?${KEY}&token=${apiToken}`, {
      data: {
        appointment: {
          date: slot.start,
          fiche: joana!.id,
          group_id: groupId,
          from_web: 1,
          intervention_ids: [ids['pilates-solo']],
          calendar_id: ids.rui,
        },
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    bookedId = (await response.json()).records[0].id;
    break;
  }
  expect(bookedId).toBeTruthy();

  const calls = recordApiCalls(page);
  await page.goto(`/${YOGA}/login?locale=en`);
  await page.getByTestId('login-email').fill('joana.ferreira@example.com');
  await page.getByTestId('login-password').fill('Mare-Alfama26!');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/demo-yoga\/appointments/, { timeout: 30_000 });

  const card = page.getByTestId('appointment-card');
  await expect(card).toHaveCount(1);
  await card.getByTestId('appointment-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  await page.getByTestId('cancel-dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('appointments-empty')).toBeVisible();

  const list = await request.get(`/api/account/appointments?${KEY}&group_id=${groupId}&token=${apiToken}`);
  expect((await list.json()).records).toEqual([]);
  expect(calls).toEqual(
    expect.arrayContaining([
      'POST /api/sessions/login.json',
      'GET /api/account/appointments',
      `POST /api/groups/${groupId}/appointments/batch_delete.json`,
    ]),
  );
  expectOnlyStartupCallsOnV3(calls);
});

test('the same group with use_api_v3 on calls v3 and offers the change: the flag alone decides', async ({
  page,
  request,
}) => {
  const { groupId, ids } = await yogaIds(request);
  const config = await (await request.get(`/api/v3/services/groups/${YOGA}.json?${KEY}`)).json();
  await patchGroup(page, YOGA, { profile: { ...config.profile, use_api_v3: true } });
  const calls = recordApiCalls(page);
  await bookThroughPage(page, request, {
    groupId,
    service: ids.experimental!,
    calendar: ids.rui!,
    daysAhead: 8,
    firstname: 'Rita',
  });
  await expect(page.getByTestId('confirm-change')).toBeVisible();
  expect(calls).toEqual(
    expect.arrayContaining([
      `GET /api/v3/groups/${groupId}/interventions`,
      `GET /api/v3/groups/${groupId}/availabletimeslots`,
      'POST /api/v3/appointments',
    ]),
  );
  expect(calls.filter((call) => !call.includes('/api/v3/'))).toEqual([]);

  await page.getByTestId('confirm-cancel').click();
  await page.getByTestId('cancel-yes').click();
  await expect(page).toHaveURL(/\/book\/intervention_ids/);
  expect(calls).toContain(`POST /api/v3/groups/${groupId}/appointments/batch_delete`);
});
