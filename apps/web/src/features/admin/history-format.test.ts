import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../api/admin-actions.ts';
import { describeHistory, type HistoryContext } from './history-format.ts';

const t = (key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const context: HistoryContext = {
  t,
  locale: 'en',
  timeZone: 'Europe/Paris',
  calendarName: (id) => ({ 23: 'Léonie Marchand', 24: 'Hugo Perrin' })[id],
};
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  at: '2026-11-24T08:12:00.000Z',
  actor: 'staff',
  actor_name: 'Capucine Moreau',
  action: 'booked',
  details: {},
  ...over,
});

describe('a history line', () => {
  it('tells who and when, on the group’s clock', () => {
    const line = describeHistory(entry({}), context);
    expect(line.action).toBe('admin.history.action.booked');
    expect(line.actor).toBe('admin.history.by {"name":"Capucine Moreau"}');
    expect(line.when).toBe('24 Nov 2026, 09:12');
    expect(describeHistory(entry({ actor: 'customer', actor_name: null }), context).actor).toBe(
      'admin.history.byCustomer',
    );
    expect(describeHistory(entry({ actor_name: null }), context).actor).toBe('admin.history.byStaff');
  });

  it('gives a move’s times in the group’s zone, the end as a time on the same day', () => {
    const line = describeHistory(
      entry({
        action: 'moved',
        details: {
          from: '2026-11-24T08:45:00.000Z',
          to: '2026-11-24T10:00:00.000Z',
          calendar_from: 23,
          calendar_to: 24,
        },
      }),
      context,
    );
    expect(line.details).toEqual([
      'admin.history.fromTo {"from":"24 Nov 2026, 09:45","to":"11:00"}',
      'admin.history.fromTo {"from":"Léonie Marchand","to":"Hugo Perrin"}',
    ]);
    const later = describeHistory(
      entry({ action: 'moved', details: { from: '2026-11-24T08:45:00Z', to: '2026-11-26T10:00:00Z' } }),
      context,
    );
    expect(later.details).toEqual([
      'admin.history.fromTo {"from":"24 Nov 2026, 09:45","to":"26 Nov 2026, 11:00"}',
    ]);
  });

  it('keeps a cancellation’s reason and whether the customer was told', () => {
    expect(
      describeHistory(
        entry({ action: 'cancelled', details: { reason: 'Stylist ill', customer_told: false } }),
        context,
      ).details,
    ).toEqual(['admin.history.reason {"reason":"Stylist ill"}', 'admin.history.notTold']);
    expect(describeHistory(entry({ action: 'cancelled' }), context).details).toEqual(['admin.history.told']);
    // A customer's own cancellation: nothing to say about telling them.
    expect(describeHistory(entry({ action: 'cancelled', actor: 'customer' }), context).details).toEqual([]);
  });

  it('names the changed fields it knows, and an override’s reason', () => {
    expect(
      describeHistory(entry({ action: 'changed', details: { fields: ['comments', 'secret'] } }), context)
        .details,
    ).toEqual(['admin.history.fields {"fields":"admin.detail.comments"}']);
    expect(
      describeHistory(entry({ action: 'override', details: { reason: 'At the door' } }), context).details,
    ).toEqual(['admin.history.reason {"reason":"At the door"}']);
    expect(describeHistory(entry({ action: 'note', details: { note: 'x' } }), context).details).toEqual([]);
  });
});
