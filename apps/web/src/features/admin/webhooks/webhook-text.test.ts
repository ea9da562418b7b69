import { describe, expect, it } from 'vitest';
import { eventKey, WEBHOOK_EVENT_CHOICES } from './webhook-text.ts';

describe('webhook event names', () => {
  it('become translation keys without a dot, one per event', () => {
    expect(eventKey('appointment.created')).toBe('appointmentCreated');
    expect(eventKey('webhook.test')).toBe('webhookTest');
    expect(new Set(WEBHOOK_EVENT_CHOICES.map(eventKey)).size).toBe(WEBHOOK_EVENT_CHOICES.length);
  });
});
