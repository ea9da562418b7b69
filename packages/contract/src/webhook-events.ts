/**
 * What a webhook delivers (docs/webhooks.md "Payload"): the body the server POSTs to an endpoint,
 * for each kind of event. Receivers written in TypeScript may validate with these schemas; the
 * server's tests check every payload it sends against them.
 */
import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'appointment.created',
  'appointment.changed',
  'appointment.cancelled',
  'customer.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventType = z.enum(WEBHOOK_EVENTS);

/** An instant as ISO 8601 in UTC, e.g. 2026-11-23T08:00:00.000Z. */
const instant = z.iso.datetime();

const webhookGroup = z.object({ id: z.number().int(), urlname: z.string() });

export const webhookCustomer = z.object({
  /** The customer record (fiche) in the group. */
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const webhookAppointment = z.object({
  id: z.number().int(),
  status: z.enum(['confirmed', 'cancelled']),
  starts_at: instant,
  ends_at: instant,
  service: z.object({ id: z.number().int(), name: z.string() }),
  calendar: z.object({ id: z.number().int(), name: z.string() }),
  resource: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** In cents of the group's currency; null when the service has no price. */
  price_cents: z.number().int().nullable(),
});

/** One booking: the appointments booked, changed or cancelled together, in start order. */
export const appointmentEventData = z.object({
  group: webhookGroup,
  customer: webhookCustomer,
  appointments: z.array(webhookAppointment).min(1),
});

export const customerEventData = z.object({ group: webhookGroup, customer: webhookCustomer });

/** Sent on demand from the back office to try an endpoint; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const testEventData = z.object({ group: webhookGroup });

const envelope = <T extends WebhookEventType | typeof WEBHOOK_TEST_EVENT, D extends z.ZodType>(
  type: T,
  data: D,
) => z.object({ type: z.literal(type), timestamp: instant, data });

/** The body of every delivery: `{type, timestamp, data}`. */
export const webhookPayload = z.discriminatedUnion('type', [
  envelope('appointment.created', appointmentEventData),
  envelope('appointment.changed', appointmentEventData),
  envelope('appointment.cancelled', appointmentEventData),
  envelope('customer.created', customerEventData),
  envelope(WEBHOOK_TEST_EVENT, testEventData),
]);
export type WebhookPayload = z.output<typeof webhookPayload>;
