/**
 * The booking form's answers in the appointment detail (docs/back-office.md "Appointment detail"):
 * labelled by the group's form, in its order, a choice by its label, the free comment left to its
 * own row, an answer to a field the form no longer has still shown under its name.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: the booking form in the appointment detail', (database) => {
  let t: TestApp;
  let groupId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    const config = sampleGroup({ urlname: 'answers' });
    config.forms = {
      ...config.forms,
      vevent: [
        {
          name: 'reason',
          type: 'select',
          label: 'Motif',
          choices: [
            { value: 'pain', label: 'Douleur' },
            { value: 'check', label: 'Contrôle' },
          ],
        },
        { name: 'first_visit', type: 'boolean', label: 'Première visite' },
        { name: 'comments', type: 'text', label: 'Commentaire', rows: 3 },
      ],
    };
    groupId = (await importGroupConfig(t.ctx.db, config)).id;
    token = (await createStaffMember(t, groupId, { email: 'owner@answers.example', role: 'owner' })).token;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('shows the answers labelled and in the form order, choices by their label', async () => {
    const id = await idsByExternid(t, groupId);
    const list = await slots(
      t,
      groupId,
      `start=2026-11-24&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`,
    );
    const booked = await book(t, {
      date: list.body.availabletimeslots[0].start,
      group_id: groupId,
      fiche: newFiche('Form'),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
      vevent: { first_visit: true, reason: 'pain', comments: 'Au fond à gauche' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointmentId = booked.body.records[0].id;
    // A field the form has since dropped, still in the stored answers.
    await t.ctx.db
      .updateTable('appointments')
      .set({
        vevent: JSON.stringify({
          reason: 'pain',
          first_visit: true,
          comments: 'Au fond à gauche',
          legacy_code: 'A7',
        }),
      })
      .where('id', '=', appointmentId)
      .execute();
    const detail = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/appointments/${appointmentId}`, {
      token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.form_answers).toEqual([
      { name: 'reason', label: 'Motif', value: 'Douleur' },
      { name: 'first_visit', label: 'Première visite', value: true },
      { name: 'legacy_code', label: 'legacy_code', value: 'A7' },
    ]);
  });
});
