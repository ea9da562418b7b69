/**
 * "Just taken" with the next free times (docs/booking.md "When the time was just taken"), on PGlite
 * and on PostgreSQL: a booking or a change refused because its start is no longer free answers 409
 * `v3_error.appointment.availabletimeslots` with `next_slots` — the next free starts of the same
 * choices, later than the refused one, each really bookable, and none past the horizon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const SLOT_TAKEN = 'v3_error.appointment.availabletimeslots';

const weekdays = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [['09:00', '12:00']]]),
);

const calendar = (externid: string, extra: Record<string, unknown> = {}) => ({
  externid,
  name: externid,
  publicname: externid,
  capacity: 1,
  slot_step: 30,
  weekly: weekdays,
  interventions: [{ intervention: 'cut' }],
  ...extra,
});

function takenGroup() {
  return {
    urlname: 'taken-salon',
    name: 'Taken salon',
    settings: {
      timezone: 'Europe/Paris',
      locale: 'fr',
      rules: { min_notice_minutes: 60 },
      user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 1 }],
    },
    interventions: [{ externid: 'cut', name: 'cut', publicname: 'Cut', length: 30, price: 2000 }],
    calendars: [
      calendar('anna'),
      calendar('ben'),
      // Bookable three days ahead at most: its horizon ends the next times early.
      calendar('short', { maxrdv_period: 3 * 1440 }),
    ],
  };
}

type Slot = { start: string; time: string; capacity: number; promotion: number | null };

forEachDatabase('a time just taken', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, takenGroup() as never)).id;
    id = await idsByExternid(t, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const choice = (calendarId: number) => ({
    group_id: groupId,
    intervention_ids: [id.cut!],
    calendar_id: calendarId,
  });
  const startsOf = (list: Slot[]) => list.map((slot) => slot.start);
  const listed = async (query: string) =>
    (await slots(t, groupId, `${query}&intervention_ids[]=${id.cut}&nDays=14`)).body
      .availabletimeslots as Slot[];

  describe('booking', () => {
    it('answers the loser of a race 409 with the next free times of the same choice, each bookable', async () => {
      const at = '2026-11-25T10:00:00+01:00';
      const [one, two] = await Promise.all([
        book(t, { ...choice(id.anna!), date: at, fiche: newFiche('Ana') }),
        book(t, { ...choice(id.anna!), date: at, fiche: newFiche('Bea') }),
      ]);
      const statuses = [one!.status, two!.status].sort();
      expect(statuses).toEqual([201, 409]);
      const lost = one!.status === 409 ? one! : two!;
      expect(lost.body).toMatchObject({ message: SLOT_TAKEN, error: 'availabletimeslots' });
      const next: Slot[] = lost.body.next_slots;
      expect(next).toHaveLength(6);
      // Later than the taken start, in order, and exactly what the slot list shows after it.
      expect(startsOf(next)).not.toContain(at);
      expect(next.every((slot) => Date.parse(slot.start) > Date.parse(at))).toBe(true);
      const after = (await listed(`start=2026-11-25&calendar_id=${id.anna}`)).filter(
        (slot) => Date.parse(slot.start) > Date.parse(at),
      );
      expect(next).toEqual(after.slice(0, 6));
      expect(next[0]).toMatchObject({ start: '2026-11-25T10:30:00+01:00', time: '10:30', capacity: 1 });

      const again = await book(t, { ...choice(id.anna!), date: next[0]!.start, fiche: newFiche('Bea') });
      expect(again.status).toBe(201);
      expect(again.body.records[0]).toMatchObject({
        calendar_id: id.anna,
        start: '2026-11-25T09:30:00.000Z',
      });
    });

    it('keeps "no preference" as it was asked: a time free on any calendar is offered', async () => {
      const at = '2026-11-24T09:00:00+01:00';
      // Every calendar that does the service is busy at nine.
      for (const [who, name] of [
        [id.anna!, 'Cat'],
        [id.ben!, 'Dan'],
        [id.short!, 'Eve'],
      ] as const)
        expect((await book(t, { ...choice(who), date: at, fiche: newFiche(name) })).status).toBe(201);
      const anyone = { group_id: groupId, intervention_ids: [id.cut!] };
      const lost = await book(t, { ...anyone, date: at, fiche: newFiche('Fay') });
      expect(lost.status).toBe(409);
      expect(lost.body.message).toBe(SLOT_TAKEN);
      expect(startsOf(lost.body.next_slots)[0]).toBe('2026-11-24T09:30:00+01:00');
      const taken = await book(t, { ...anyone, date: lost.body.next_slots[0].start, fiche: newFiche('Fay') });
      expect(taken.status).toBe(201);
    });

    it('offers nothing past the horizon, and crosses days and weekends to find the next times', async () => {
      // The short calendar takes bookings until Thursday 26, 09:00 (three days from now): after its
      // last Wednesday start, nothing later than the horizon is offered.
      const at = '2026-11-25T11:30:00+01:00';
      expect((await book(t, { ...choice(id.short!), date: at, fiche: newFiche('Gil') })).status).toBe(201);
      const lost = await book(t, { ...choice(id.short!), date: at, fiche: newFiche('Gus') });
      expect(lost.status).toBe(409);
      const horizon = Date.parse('2026-11-26T09:00:00+01:00');
      expect(lost.body.next_slots.length).toBeLessThanOrEqual(1);
      expect(lost.body.next_slots.every((slot: Slot) => Date.parse(slot.start) <= horizon)).toBe(true);

      // Friday's last start is taken: the next times are on Monday (no opening on the weekend).
      const friday = '2026-11-27T11:30:00+01:00';
      expect((await book(t, { ...choice(id.ben!), date: friday, fiche: newFiche('Hal') })).status).toBe(201);
      const weekend = await book(t, { ...choice(id.ben!), date: friday, fiche: newFiche('Ida') });
      expect(weekend.status).toBe(409);
      expect(startsOf(weekend.body.next_slots)).toEqual([
        '2026-11-30T09:00:00+01:00',
        '2026-11-30T09:30:00+01:00',
        '2026-11-30T10:00:00+01:00',
        '2026-11-30T10:30:00+01:00',
        '2026-11-30T11:00:00+01:00',
        '2026-11-30T11:30:00+01:00',
      ]);
    });

    it('leaves every other refusal as it was: no next times for a rule that is not about the time', async () => {
      const refused = await book(t, {
        ...choice(id.anna!),
        date: '2026-12-01T09:00:00+01:00',
        fiche: newFiche('Jo'),
        intervention_ids: [id.cut!, id.cut!],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.next_slots).toBeUndefined();
    });

    it('answers the legacy generation in its own list form, the key unchanged', async () => {
      const at = '2026-11-25T10:00:00+01:00';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/appointments?apikey=test-key',
        payload: { appointment: { ...choice(id.anna!), date: at, fiche: newFiche('Kim') } },
      });
      expect(response.statusCode).toBe(409);
      const [item] = response.json();
      expect(item).toMatchObject({ errorCode: 409, error: SLOT_TAKEN });
    });
  });

  describe('change', () => {
    it('answers a change onto a taken time 409 with the next free times, and the booking stays', async () => {
      await createAccount(t.ctx.db, { email: 'mover@example.com' });
      const token = await loginAs(t, 'mover@example.com');
      const mine = await book(
        t,
        { ...choice(id.ben!), date: '2026-12-02T11:00:00+01:00', fiche: newFiche('Max') },
        { token },
      );
      expect(mine.status).toBe(201);
      const aptId = mine.body.records[0].id;
      const other = await book(t, {
        ...choice(id.ben!),
        date: '2026-12-02T09:00:00+01:00',
        fiche: newFiche('Ned'),
      });
      expect(other.status).toBe(201);

      const move = (date: string) =>
        call(t, 'PUT', `/api/v3/appointments/${aptId}?group_id=${groupId}`, {
          token,
          body: { appointment: { date } },
        });
      const taken = await move('2026-12-02T09:00:00+01:00');
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ message: SLOT_TAKEN, error: 'availabletimeslots' });
      // The booking's own place (11:00) is still its own until it moves: not offered.
      expect(startsOf(taken.body.next_slots)).toEqual([
        '2026-12-02T09:30:00+01:00',
        '2026-12-02T10:00:00+01:00',
        '2026-12-02T10:30:00+01:00',
        '2026-12-02T11:30:00+01:00',
        '2026-12-03T09:00:00+01:00',
        '2026-12-03T09:30:00+01:00',
      ]);
      const still = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token });
      expect(still.body[0].start).toBe('2026-12-02T10:00:00.000Z');

      const moved = await move(taken.body.next_slots[0].start);
      expect(moved.status).toBe(200);
      expect(moved.body.records[0]).toMatchObject({ id: aptId, start: '2026-12-02T08:30:00.000Z' });
    });
  });
});
