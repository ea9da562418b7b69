/** How a customer's choices become the chain the engine fits, and which choices are refused. */
import { describe, expect, it } from 'vitest';
import { BookingSelectionError, MAX_BOOKING_ITEMS, planBooking } from './booking-plan.ts';
import { calendar, pack, resource, schedule, service } from './test/builders.ts';

const group = schedule({
  calendars: [
    calendar(1, { maxPeriodMinutes: 10 * 1440 }),
    calendar(2),
    calendar(3, { maxPeriodMinutes: 20 * 1440 }),
    resource(50),
    resource(51),
  ],
  services: [
    service(10, 30),
    service(11, 60, { needResource: true }),
    service(12, 20, { onlyPackage: true }),
    pack(20, [
      [10, 15, 2],
      [12, 10],
      [11, 5],
    ]),
    pack(21, [[10, 0]], { status: 'closed' }),
  ],
  links: [
    [1, 10, 45],
    [2, 10],
    [2, 11],
    [3, 11],
    [1, 12],
    [2, 12],
    [50, 11],
    [51, 10],
  ],
});

const summary = (selection: Parameters<typeof planBooking>[1]) =>
  planBooking(group, selection).items.map((item) => ({
    service: item.interventionId,
    calendars: item.options.map((o) => `${o.calendar.id}:${o.duration}`),
    resources: item.resources.map((r) => r.id),
    breakAfter: item.breakAfter,
  }));

function refusal(selection: Parameters<typeof planBooking>[1]): BookingSelectionError {
  try {
    planBooking(group, selection);
  } catch (error) {
    if (error instanceof BookingSelectionError) return error;
    throw error;
  }
  throw new Error('the selection was accepted');
}

describe('reading a selection', () => {
  it('gives each service every calendar performing it, with its own duration, when there is no preference', () => {
    expect(summary({ interventionIds: [10] })).toEqual([
      { service: 10, calendars: ['1:45', '2:30'], resources: [], breakAfter: 0 },
    ]);
  });

  it('restricts to the chosen calendar or calendars', () => {
    expect(summary({ interventionIds: [10], calendarId: 2 })[0]!.calendars).toEqual(['2:30']);
    expect(summary({ interventionIds: [11], calendarIds: [1, 2, 3] })[0]!.calendars).toEqual([
      '2:60',
      '3:60',
    ]);
  });

  it('lists the compatible resources for a service that needs one, or the chosen one', () => {
    expect(summary({ interventionIds: [11] })[0]!.resources).toEqual([50]);
    expect(summary({ interventionIds: [11], resourceId: 50 })[0]!.resources).toEqual([50]);
    // A resource chosen for a service that needs none is simply not used.
    expect(summary({ interventionIds: [10], resourceId: 50 })[0]!.resources).toEqual([]);
  });

  it('expands a pack into its items with the breaks between them and the preselected calendar', () => {
    expect(summary({ interventionIds: [20] })).toEqual([
      { service: 10, calendars: ['2:30'], resources: [], breakAfter: 15 },
      { service: 12, calendars: ['1:20', '2:20'], resources: [], breakAfter: 10 },
      // No pause after the last item.
      { service: 11, calendars: ['2:60', '3:60'], resources: [50], breakAfter: 0 },
    ]);
  });

  it('lets the customer pick a calendar per pack item through the appointments map', () => {
    const items = summary({
      appointments: [
        { packId: 20, interventionId: 10, calendarId: 1 },
        { packId: 20, interventionId: 12 },
        { packId: 20, interventionId: 11, calendarId: 3 },
      ],
    });
    expect(items.map((i) => i.calendars)).toEqual([['1:45'], ['1:20', '2:20'], ['3:60']]);
  });

  it('chains the entries of the appointments map in index order, each with its own calendar', () => {
    const items = summary({
      calendarId: 2,
      appointments: [{ interventionId: 11, calendarId: 3 }, { interventionId: 10 }, { packId: 20 }],
    });
    expect(items.map((i) => `${i.service}@${i.calendars.join('|')}`)).toEqual([
      '11@3:60',
      '10@2:30',
      '10@2:30',
      '12@2:20',
      '11@2:60',
    ]);
  });

  it('takes the largest maximum period among the calendars that may take the booking', () => {
    expect(planBooking(group, { interventionIds: [10] }).maxPeriodMinutes).toBe(10 * 1440);
    expect(planBooking(group, { interventionIds: [10, 11] }).maxPeriodMinutes).toBe(20 * 1440);
    expect(planBooking(group, { interventionIds: [10], calendarId: 2 }).maxPeriodMinutes).toBeNull();
  });

  it('knows how far ahead a booking may reach: the longest chain', () => {
    expect(planBooking(group, { interventionIds: [10, 11] }).lookahead).toBe(45 + 60);
    expect(planBooking(group, { interventionIds: [20] }).lookahead).toBe(30 + 15 + 20 + 10 + 60);
  });
});

describe('refusing a selection', () => {
  it('says "Invalid calendar" for a calendar that does not exist, is a resource, or cannot do the service', () => {
    for (const selection of [
      { interventionIds: [10], calendarId: 99 },
      { interventionIds: [10], calendarId: 50 },
      { interventionIds: [10], calendarId: 3 },
      { interventionIds: [10], calendarIds: [3] },
      { interventionIds: [10], calendarIds: [1, 99] },
    ]) {
      const error = refusal(selection);
      expect(error.invalidCalendar).toBe(true);
      expect(error.message).toContain('Invalid calendar');
    }
    expect(refusal({ interventionIds: [10], calendarId: 3 }).parameter).toBe('calendar_id');
    expect(refusal({ interventionIds: [10], calendarIds: [3] }).parameter).toBe('calendar_ids');
  });

  it('says "Invalid calendar" for a resource that does not exist or cannot serve the service', () => {
    expect(refusal({ interventionIds: [11], resourceId: 51 }).message).toContain('Invalid calendar');
    expect(refusal({ interventionIds: [11], resourceId: 2 }).message).toContain('Invalid calendar');
    const mapped = refusal({ appointments: [{ interventionId: 11, resourceId: 99 }] });
    expect(mapped.parameter).toBe('appointments[0][resource_id]');
  });

  it('names the parameter of an unknown service, a closed pack or a service sold only in packs', () => {
    expect(refusal({ interventionIds: [999] }).message).toBe(
      'Invalid parameter "intervention_ids": service 999 does not exist',
    );
    expect(refusal({ interventionIds: [21] }).message).toContain('not open for booking');
    expect(refusal({ interventionIds: [12] }).message).toContain('only sold in a pack');
    expect(refusal({ appointments: [{ calendarId: 1 }] }).parameter).toBe('appointments[0][intervention_id]');
    expect(refusal({ appointments: [{ packId: 10 }] }).parameter).toBe('appointments[0][pack_id]');
    expect(refusal({}).parameter).toBe('intervention_ids');
    expect(refusal({ interventionIds: [] }).parameter).toBe('intervention_ids');
  });

  it('wants the items of a pack listed in order when they are listed one by one', () => {
    const error = refusal({
      appointments: [
        { packId: 20, interventionId: 12 },
        { packId: 20, interventionId: 10 },
      ],
    });
    expect(error.parameter).toBe('appointments[0][intervention_id]');
    expect(error.invalidCalendar).toBe(false);
  });

  it(`accepts at most ${MAX_BOOKING_ITEMS} services in one booking`, () => {
    expect(refusal({ interventionIds: Array(MAX_BOOKING_ITEMS + 1).fill(10) }).message).toContain('at most');
    expect(planBooking(group, { interventionIds: Array(MAX_BOOKING_ITEMS).fill(10) }).items).toHaveLength(
      MAX_BOOKING_ITEMS,
    );
  });
});
