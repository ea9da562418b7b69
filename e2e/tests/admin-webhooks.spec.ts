/**
 * Webhooks in the back office (docs/webhooks.md): the owner adds an endpoint pointing to a receiver
 * this test runs on 127.0.0.1 (the browser-test server allows loopback endpoints), a customer
 * books, the receiver gets `appointment.created` signed as Standard Webhooks say, and the owner
 * sees the delivery in the log. Keyboard, axe, and the layout at 360 and 1280 px; the endpoint is
 * deleted at the end, after its confirmation.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { LEONIE, OWNER, openAdminAs, WOMENS_CUT } from './admin-support.ts';
import { noPageOverflow, tabTo } from './booking-helpers.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('the owner adds a webhook, a booking reaches the receiver signed, and the log shows it', async ({
  page,
  request,
}) => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/creneau-hook`;

  try {
    const salon = await groupId(request, 'demo-salon');
    await openAdminAs(page, OWNER);
    await page.getByTestId('admin-nav-webhooks').click();
    await expect(page).toHaveURL(/\/demo-salon\/admin\/webhooks/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    // The form by keyboard: the address, the events (booking already ticked), then add. A plain
    // http address elsewhere than on this machine is refused, next to the field.
    const field = page.getByTestId('webhook-url');
    await tabTo(page, field);
    await page.keyboard.type('http://hooks.example.com/creneau');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('webhook-form-error')).toContainText('Enter an https address');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await field.fill('');
    await page.keyboard.type(url);
    await expect(page.getByTestId('webhook-event-appointment.created')).toBeChecked();
    await page.keyboard.press('Enter');
    const created = page.getByTestId('webhook-created');
    await expect(created).toBeVisible();
    const secret = (await created.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByTestId('webhook-list').getByRole('listitem').filter({ hasText: url });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('webhook-state')).toHaveText('Active');

    // A customer books on the booking pages' API.
    const lastname = `Hook${Date.now().toString(36)}`;
    const booked = await bookFirstFree(
      request,
      salon,
      { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
      {
        intervention_ids: [WOMENS_CUT],
        calendar_id: LEONIE,
        fiche: { firstname: 'Maëlle', lastname, email: uniqueEmail('hook'), firstphone: uniquePhone() },
      },
      { hoursAhead: 24 * 9 + 2 },
    );
    const appointmentId = booked.records[0]!.id;

    // The job runner sends it within seconds; other tests' bookings may arrive too.
    await expect
      .poll(() => received.find((r) => r.body.includes(lastname)), { timeout: 20_000 })
      .toBeTruthy();
    const mine = received.find((r) => r.body.includes(lastname))!;
    const payload = new Webhook(secret).verify(mine.body, mine.headers as Record<string, string>) as {
      type: string;
      data: { appointments: { id: number }[]; customer: { lastname: string } };
    };
    expect(payload.type).toBe('appointment.created');
    expect(payload.data.appointments[0]!.id).toBe(appointmentId);
    expect(payload.data.customer.lastname).toBe(lastname);

    // The log, read again, shows the delivery as delivered.
    await page.reload();
    const row = page
      .getByTestId('webhook-log')
      .getByTestId('webhook-delivery')
      .filter({ hasText: 'Appointment booked' })
      .filter({ hasText: url })
      .first();
    await expect(row.getByTestId('webhook-delivery-status')).toHaveText('Delivered');
    await expect(row).toContainText('HTTP 204');

    // Sent again on request, with the same webhook-id.
    const before = received.length;
    await row.getByTestId('webhook-replay').click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    await expect
      .poll(() => received.filter((r) => r.body.includes(lastname)).length, { timeout: 20_000 })
      .toBe(2);
    const [first, again] = received.filter((r) => r.body.includes(lastname));
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    await expect(page.getByTestId('failed-work')).toBeVisible();

    // The secret again, on request.
    await card.getByTestId('webhook-secret-show').click();
    await expect(card.getByTestId('webhook-secret')).toHaveText(secret);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await noPageOverflow(page, `webhooks at ${width}px`);
      await expectAccessible(page, `webhooks at ${width}px`);
      await shot(page, `admin-webhooks`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleting asks first; by keyboard.
    await card.getByTestId('webhook-delete').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('webhook-confirm');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'webhook delete confirmation');
    await dialog.getByTestId('webhook-confirm-delete').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('webhook-list').getByRole('listitem').filter({ hasText: url })).toHaveCount(
      0,
    );
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
