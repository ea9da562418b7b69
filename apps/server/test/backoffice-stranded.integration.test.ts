/**
 * Stranded appointments (docs/back-office.md "Stranded appointments"), through HTTP on both
 * databases: a configuration save that would leave future booked appointments outside what is
 * bookable — shorter hours, a closed date, a service a calendar no longer performs — writes nothing
 * and answers them (409 appointmentsStranded) until the owner accepts; then it saves and lists
 * them, and nothing else. An editor's save that removes a calendar with future appointments is
 * refused whole.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

type Calendar = {
  externid: string;
  weekly: Record<string, string[][]>;
  exceptions: unknown[];
  interventions: { intervention: string }[];
  deleted?: boolean;
};
type Document = { calendars: Calendar[] } & Record<string, unknown>;

forEachDatabase('back office: stranded appointments', (database) => {
  let t: TestApp;
  let groupId: number;
  let token: string;
  let id: Record<string, number>;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'stranded' }))).id;
    id = await idsByExternid(t, groupId);
    token = (await createStaffMember(t, groupId, { email: 'owner@stranded.example', role: 'owner' })).token;
    for (const [date, calendar, name] of [
      ['2026-11-24T15:00:00+01:00', id.alice, 'Inès'],
      ['2026-11-25T10:00:00+01:00', id.bob, 'Noé'],
    ] as const) {
      const booked = await book(t, {
        date,
        group_id: groupId,
        fiche: newFiche(name),
        intervention_ids: [id.cut],
        calendar_id: calendar,
      });
      expect(booked.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t.app.close();
  });

  const api = (method: 'GET' | 'PUT' | 'POST', body?: unknown, path = '') =>
    call(t, method, `/api/v3/admin/groups/${groupId}/configuration${path}`, {
      token,
      ...(body ? { body } : {}),
    });
  /** Reads the configuration, lets `edit` change it, saves it, accepting what it strands. */
  async function save(
    edit: (document: Document) => void,
    acceptance: { accept_stranded?: boolean } = { accept_stranded: true },
  ) {
    const read = await api('GET');
    const document = structuredClone(read.body.document) as Document;
    edit(document);
    return api('PUT', { document, based_on: read.body.version, ...acceptance });
  }
  const calendar = (document: Document, externid: string) =>
    document.calendars.find((item) => item.externid === externid) as Calendar;
  const strandedOf = (answer: { body: { stranded: { customer: { firstname: string } }[] } }) =>
    answer.body.stranded.map((item) => item.customer.firstname);

  it('writes nothing while the owner has not accepted what a save strands, and lists it', async () => {
    const read = await api('GET');
    for (const acceptance of [{}, { accept_stranded: false }]) {
      const refused = await save((document) => {
        calendar(document, 'alice').weekly.tue = [['09:00', '12:00']];
      }, acceptance);
      expect([refused.status, refused.body.message]).toEqual([409, 'appointmentsStranded']);
      expect(strandedOf(refused)).toEqual(['Inès']);
      expect(refused.body.stranded[0]).toMatchObject({
        calendar_id: id.alice,
        starts_local: '2026-11-24T15:00',
      });
    }
    const after = await api('GET');
    expect(after.body).toEqual(read.body);
    // A save that strands nothing needs no acceptance.
    const harmless = await save((document) => {
      calendar(document, 'alice').weekly.tue = [['08:00', '18:00']];
    }, {});
    expect([harmless.status, harmless.body.stranded]).toEqual([200, []]);
    const restored = await api(
      'POST',
      { based_on: harmless.body.version },
      `/versions/${read.body.version}/restore`,
    );
    expect([restored.status, restored.body.stranded]).toEqual([200, []]);
  });

  it('refuses a restore that strands appointments until it is accepted', async () => {
    const before = (await api('GET')).body.version;
    const shorter = await save((document) => {
      calendar(document, 'alice').weekly.tue = [['09:00', '12:00']];
    });
    expect(strandedOf(shorter)).toEqual(['Inès']);
    const wider = await save((document) => {
      calendar(document, 'alice').weekly.tue = [['09:00', '18:00']];
    });
    expect(wider.body.stranded).toEqual([]);
    // Going back to the shorter hours would strand Inès again.
    const path = `/versions/${shorter.body.version}/restore`;
    const refused = await api('POST', { based_on: wider.body.version }, path);
    expect([refused.status, refused.body.message, strandedOf(refused)]).toEqual([
      409,
      'appointmentsStranded',
      ['Inès'],
    ]);
    expect((await api('GET')).body.version).toBe(wider.body.version);
    const accepted = await api('POST', { based_on: wider.body.version, accept_stranded: true }, path);
    expect([accepted.status, strandedOf(accepted)]).toEqual([200, ['Inès']]);
    const back = await api('POST', { based_on: accepted.body.version }, `/versions/${before}/restore`);
    expect([back.status, back.body.stranded]).toEqual([200, []]);
  });

  it('lists the appointment that shorter hours leave out, with its day and calendar', async () => {
    const shorter = await save((document) => {
      calendar(document, 'alice').weekly.tue = [['09:00', '12:00']];
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body.stranded).toEqual([
      {
        id: expect.any(Number),
        calendar_id: id.alice,
        calendar_name: 'Alice Martin',
        starts_local: '2026-11-24T15:00',
        ends_local: '2026-11-24T15:45',
        intervention_name: 'Coupe',
        customer: { firstname: 'Inès', lastname: 'Martin' },
      },
    ]);
    // It was already outside before the next change: not listed again.
    const unrelated = await save((document) => {
      document.name = 'Salon Échoué';
    });
    expect(unrelated.body.stranded).toEqual([]);
    const back = await save((document) => {
      calendar(document, 'alice').weekly.tue = [['09:00', '18:00']];
    });
    expect(back.body.stranded).toEqual([]);
  });

  it('lists the appointment on a date now closed, and those of a service no longer performed', async () => {
    const closed = await save((document) => {
      calendar(document, 'bob').exceptions.push({
        kind: 'closure',
        from: '2026-11-25T00:00',
        to: '2026-11-26T00:00',
        label: null,
      });
    });
    expect(strandedOf(closed)).toEqual(['Noé']);
    const unlinked = await save((document) => {
      calendar(document, 'alice').interventions = [{ intervention: 'color' }, { intervention: 'care' }];
    });
    expect(strandedOf(unlinked)).toEqual(['Inès']);
  });

  it('refuses to remove a calendar that has future appointments, and removes one that has none', async () => {
    for (const remove of [
      (document: Document) => {
        document.calendars = document.calendars.filter((item) => item.externid !== 'alice');
      },
      (document: Document) => {
        calendar(document, 'alice').deleted = true;
      },
    ]) {
      const refused = await save(remove);
      expect([refused.status, refused.body.message]).toEqual([422, 'calendarHasAppointments']);
      expect(refused.body.problems).toEqual([
        '$.calendars[alice]: 1 future appointments are booked on it: move or cancel them first',
      ]);
    }
    const removed = await save((document) => {
      document.calendars = document.calendars.filter((item) => item.externid !== 'room-1');
      for (const item of document.interventions as { need_resource: boolean }[]) item.need_resource = false;
    });
    expect(removed.status).toBe(200);
    expect(removed.body.changes.some((change: { path: string }) => change.path === 'calendars[room-1]')).toBe(
      true,
    );
  });
});
