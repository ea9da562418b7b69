/**
 * The stop link of a reminder (docs/reminders.md "Stopping them"): a customer booked through the
 * API opens the link of an e-mail reminder — made with the server's own secret, as the reminder
 * would carry it — and the page says the e-mail reminders stopped; "Keep receiving them" restarts
 * them, by keyboard, and the server's answer follows each step. A forged token and a cut link say
 * the link is no longer valid and lead to the booking page. Axe and screenshots at 360 and 1280.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { reminderStopPath } from '../support/reminder-token.ts';
import { API_KEY, bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { OWNER, staffToken, WOMENS_CUT } from './admin-support.ts';

/** A new customer of the salon, booked through the API; the id of their record. */
async function bookedCustomer(request: APIRequestContext, salon: number): Promise<number> {
  const email = uniqueEmail('remind');
  await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT },
    {
      intervention_ids: [WOMENS_CUT],
      fiche: { firstname: 'Rémi', lastname: 'Rappel', email, firstphone: uniquePhone() },
    },
    // Far enough to leave the near days to the suites that book them.
    { hoursAhead: 24 * 45 },
  );
  const token = await staffToken(request, salon, OWNER);
  const found = await request.get(`/api/v3/admin/groups/${salon}/customers`, {
    params: { apikey: API_KEY, token, q: email },
  });
  expect(found.status()).toBe(200);
  const { records } = (await found.json()) as { records: { fiche_id: number; email: string | null }[] };
  const record = records.find((r) => r.email === email);
  expect(record, `the customer ${email} in the salon's search`).toBeTruthy();
  return record!.fiche_id;
}

/** Axe, no sideways scrolling and a screenshot at `width`. */
async function lookBoth(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 800 });
  await expectAccessible(page, `${name} at ${width}px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, `${name} overflows at ${width}px`).toBe(false);
  await shot(page, `${name}`);
}

test.describe('reminders: the stop link', () => {
  test('stops the e-mail reminders on opening, and keeps them on request, by keyboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const salon = await groupId(request, 'demo-salon');
    const ficheId = await bookedCustomer(request, salon);
    const link = reminderStopPath('demo-salon', { groupId: salon, ficheId }, 'email');

    const calls: { resume?: boolean }[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/v3/reminders/opt-out')) calls.push(JSON.parse(sent.postData() ?? '{}'));
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${link}&locale=en`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Reminders stopped');
    await expect(title).toBeFocused();
    const message = page.getByTestId('reminders-message');
    await expect(message).toHaveAttribute('role', 'status');
    await expect(message).toHaveText('You will no longer receive reminders by e-mail from Atelier Capucine.');
    // One call on opening, none to undo it.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.resume).toBeUndefined();
    await lookBoth(page, 360, 'reminders-stopped');
    await lookBoth(page, 1280, 'reminders-stopped');

    // By keyboard: the button is the first thing after the title.
    await page.keyboard.press('Tab');
    const keep = page.getByRole('button', { name: 'Keep receiving them' });
    await expect(keep).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(title).toHaveText('Reminders back on');
    await expect(title).toBeFocused();
    await expect(message).toHaveText('You will receive reminders by e-mail from Atelier Capucine again.');
    expect(calls.map((call) => call.resume)).toEqual([undefined, true]);
    await expect(page.getByRole('button', { name: 'Stop receiving them' })).toBeVisible();
    await lookBoth(page, 360, 'reminders-resumed');

    // The server agrees: asked for the other channel it knows the same person and group.
    const sms = await request.post(`/api/v3/reminders/opt-out?apikey=${API_KEY}`, {
      data: { token: new URL(link, 'http://x').searchParams.get('token'), channel: 'sms', resume: true },
    });
    expect(await sms.json()).toEqual({ channel: 'sms', reminders: true, group_name: 'Atelier Capucine' });
  });

  test('a forged or cut link says it is no longer valid and leads to the booking page', async ({
    page,
    request,
  }) => {
    const salon = await groupId(request, 'demo-salon');
    // Signed for another record than the one it names: the server answers 404 linkNotFound.
    const good = new URL(reminderStopPath('demo-salon', { groupId: salon, ficheId: 1 }, 'sms'), 'http://x');
    const signature = good.searchParams.get('token')!.split('.')[2]!;
    const forged = `/demo-salon/reminders?token=${salon}.2.${signature}&channel=sms`;
    // In the salon's own language first (the browser is French)…
    await page.goto(forged);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Ce lien n’est plus valable');
    await expect(page.getByRole('link', { name: 'Prendre rendez-vous chez Atelier Capucine' })).toBeVisible();
    await shot(page, 'reminders-invalid-fr');
    // …then in English.
    await page.goto(`${forged}&locale=en`);
    await expect(title).toHaveText('This link is not valid any more');
    await expect(title).toBeFocused();
    const back = page.getByRole('link', { name: 'Go to the booking page of Atelier Capucine' });
    await expect(back).toHaveAttribute('href', '/demo-salon?locale=en');
    await lookBoth(page, 360, 'reminders-invalid');
    await lookBoth(page, 1280, 'reminders-invalid');

    // Cut when copied: no channel left.
    await page.goto(`/demo-salon/reminders?token=${salon}.2.${signature.slice(0, 8)}&locale=en`);
    await expect(title).toHaveText('This link is not valid any more');
    await back.click();
    await expect(page).toHaveURL(/\/demo-salon(\/|\?)/);
  });
});
