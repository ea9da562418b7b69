/**
 * Scheduled release (docs/group-configuration.md "Scheduled release"), through HTTP on both
 * databases: a Paris group opens the month after next on the 1st at 09:00. On Monday 30 November
 * 2026 January is not open: its slots are absent and a booking on one is refused as not a slot; one
 * minute after 1 December 09:00 they are there and bookable. The slot list tells when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const RELEASE = { day_of_month: 1, time: '09:00', months_ahead: 1 };

forEachDatabase('scheduled release', (database) => {
  let t: TestApp;
  let groupId: number;
  let plainId: number;
  let ids: Record<string, number>;
  let plainIds: Record<string, number>;

  beforeAll(async () => {
    // Monday 30 November 2026, 21:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-30T20:00:00Z' });
    const config = sampleGroup({ urlname: 'town-hall', website: null }) as any;
    config.settings.maxrdv_period = 120 * 1440;
    config.settings.rules = { ...config.settings.rules, release: RELEASE };
    config.forms = { ...(config.forms ?? {}), vevent: [] };
    groupId = (await importGroupConfig(t.ctx.db, config)).id;
    const plain = sampleGroup({ urlname: 'no-release', website: null }) as any;
    plain.settings.maxrdv_period = 120 * 1440;
    plainId = (await importGroupConfig(t.ctx.db, plain)).id;
    ids = await idsByExternid(t, groupId);
    plainIds = await idsByExternid(t, plainId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const list = (group: number, start: string, days = 7) => {
    const own = group === plainId ? plainIds : ids;
    return slots(
      t,
      group,
      `start=${start}&nDays=${days}&intervention_ids[]=${own.cut}&calendar_id=${own.alice}`,
    );
  };
  const january = (body: { availabletimeslots: { start: string }[] }) =>
    body.availabletimeslots.filter((s) => s.start.startsWith('2027-01'));
  const bookAt = (date: string, who: string) =>
    book(t, {
      date,
      group_id: groupId,
      intervention_ids: [ids.cut],
      calendar_id: ids.alice,
      fiche: newFiche(who),
    });

  describe('before the release', () => {
    it('shows December to its last day, nothing of January, and says when January opens', async () => {
      const end = await list(groupId, '2026-12-28');
      expect(end.status).toBe(200);
      expect(
        end.body.availabletimeslots.some((s: { start: string }) => s.start.startsWith('2026-12-31')),
      ).toBe(true);
      expect(january(end.body)).toEqual([]);
      expect(end.body.release).toEqual({
        bookable_until: '2026-12-31',
        next_release_at: '2026-12-01T09:00:00+01:00',
        next_bookable_until: '2027-01-31',
      });
      const inJanuary = await list(groupId, '2027-01-04');
      expect(inJanuary.status).toBe(200);
      expect(inJanuary.body.availabletimeslots).toEqual([]);
      // The search for a first slot stops at the release bound too.
      expect(inJanuary.body.firstSlot).toBeNull();
    });

    it('refuses a booking in January as not a slot, and takes one on 31 December', async () => {
      const refused = await bookAt('2027-01-04T10:00:00+01:00', 'Early');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'v3_error.appointment.availabletimeslots',
        error: 'availabletimeslots',
      });
      const taken = await bookAt('2026-12-31T10:00:00+01:00', 'December');
      expect(taken.status).toBe(201);
    });

    it('is still closed at 09:00:00 sharp', async () => {
      t.clock.set('2026-12-01T08:00:00Z');
      const sharp = await list(groupId, '2027-01-04');
      expect(sharp.body.availabletimeslots).toEqual([]);
      expect(sharp.body.release.next_release_at).toBe('2026-12-01T09:00:00+01:00');
    });

    it('leaves a group without a release alone', async () => {
      t.clock.set('2026-11-30T20:00:00Z');
      const answer = await list(plainId, '2027-01-04');
      expect(answer.status).toBe(200);
      expect(answer.body.release).toBeNull();
      expect(answer.body.availabletimeslots.length).toBeGreaterThan(0);
    });
  });

  describe('one minute after the release', () => {
    it('shows January and takes a booking there; February waits for the next release', async () => {
      t.clock.set('2026-12-01T08:01:00Z');
      const answer = await list(groupId, '2027-01-04');
      expect(answer.status).toBe(200);
      expect(january(answer.body).map((s: { start: string }) => s.start)).toContain(
        '2027-01-04T10:00:00+01:00',
      );
      expect(answer.body.release).toEqual({
        bookable_until: '2027-01-31',
        next_release_at: '2027-01-01T09:00:00+01:00',
        next_bookable_until: '2027-02-28',
      });
      const february = await list(groupId, '2027-02-01');
      expect(february.body.availabletimeslots).toEqual([]);

      const taken = await bookAt('2027-01-04T10:00:00+01:00', 'January');
      expect(taken.status).toBe(201);
      const refused = await bookAt('2027-02-01T10:00:00+01:00', 'February');
      expect(refused.status).toBe(409);
    });
  });

  describe('configuration', () => {
    it.each([
      [{ ...RELEASE, day_of_month: 29 }, 'day_of_month'],
      [{ ...RELEASE, day_of_month: 0 }, 'day_of_month'],
      [{ ...RELEASE, time: '24:00' }, 'time'],
      [{ ...RELEASE, time: '9:00' }, 'time'],
      [{ ...RELEASE, months_ahead: 0 }, 'months_ahead'],
      [{ ...RELEASE, months_ahead: 13 }, 'months_ahead'],
      [{ ...RELEASE, months_ahead: 1.5 }, 'months_ahead'],
      [{ ...RELEASE, extra: true }, 'release'],
    ])('refuses %o', async (release, field) => {
      const config = sampleGroup({ urlname: 'bad-release', website: null }) as any;
      config.settings.rules = { ...config.settings.rules, release };
      await expect(importGroupConfig(t.ctx.db, config)).rejects.toThrow(new RegExp(field));
    });
  });
});
