import { describe, expect, it } from 'vitest';
import { webhookPayload } from './webhook-events.ts';

const group = { id: 1, urlname: 'salon' };
const customer = { id: 2, firstname: 'Léa', lastname: 'Martin', email: null, phone: '06 11 22 33 44' };
const appointment = {
  id: 3,
  status: 'confirmed',
  starts_at: '2026-11-24T08:00:00.000Z',
  ends_at: '2026-11-24T08:30:00.000Z',
  service: { id: 4, name: 'Coupe' },
  calendar: { id: 5, name: 'Alice' },
  resource: null,
  price_cents: 2500,
};

describe('webhook payloads (docs/webhooks.md "Payload")', () => {
  it('takes each event with the data of its type', () => {
    const timestamp = '2026-11-23T08:00:00.000Z';
    for (const type of ['appointment.created', 'appointment.changed', 'appointment.cancelled'])
      expect(
        webhookPayload.safeParse({ type, timestamp, data: { group, customer, appointments: [appointment] } })
          .success,
      ).toBe(true);
    expect(
      webhookPayload.safeParse({ type: 'customer.created', timestamp, data: { group, customer } }).success,
    ).toBe(true);
    expect(webhookPayload.safeParse({ type: 'webhook.test', timestamp, data: { group } }).success).toBe(true);
  });

  it('refuses an unknown type, a booking without appointments and a time that is no instant', () => {
    const timestamp = '2026-11-23T08:00:00.000Z';
    expect(
      webhookPayload.safeParse({ type: 'appointment.deleted', timestamp, data: { group } }).success,
    ).toBe(false);
    expect(
      webhookPayload.safeParse({
        type: 'appointment.created',
        timestamp,
        data: { group, customer, appointments: [] },
      }).success,
    ).toBe(false);
    expect(
      webhookPayload.safeParse({
        type: 'customer.created',
        timestamp: '23/11/2026',
        data: { group, customer },
      }).success,
    ).toBe(false);
  });
});
