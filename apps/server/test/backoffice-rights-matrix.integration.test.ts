/**
 * Every back-office call against every kind of caller (docs/back-office.md "Roles"): anonymous →
 * 401; a customer, a call-centre member and another group's owner → 403; each staff role → 403
 * exactly when its role lacks the call's right, and past the door otherwise. The refusal comes
 * before anything is looked up, so it says nothing of what exists. The calls name things that do
 * not exist, so that the callers who may make them change nothing either. A route added to the
 * contract without a line here fails the coverage check.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { rightsOf, type StaffRight } from '../src/modules/backoffice/staff-rights.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

type RouteName = keyof typeof backofficeRoutes;

/** No such thing in any group: a caller who passes the door meets a 404 or a 422, not a change. */
const MISSING = 987_654;

/**
 * The right each call needs ('member': any member of the group; 'platform': a platform
 * administrator, which no role of a group makes anyone), and a request of the right shape.
 */
const CALLS: Partial<
  Record<RouteName, { right: StaffRight | 'member' | 'platform'; query?: string; body?: unknown }>
> = {
  getMembership: { right: 'member' },
  getAgenda: { right: 'agenda.read', query: 'from=2026-11-24&days=1' },
  agendaEvents: { right: 'agenda.read' },
  getAppointmentDetail: { right: 'agenda.read' },
  markAttendance: { right: 'appointment.mark', body: { attendance: 'arrived' } },
  writeStaffNote: { right: 'appointment.mark', body: { note: 'x' } },
  moveAppointment: { right: 'appointment.manage', body: { start: '2026-11-25T10:00:00+01:00' } },
  cancelByStaff: { right: 'appointment.manage', body: { notify_customer: false } },
  bookForCustomer: {
    right: 'appointment.book',
    body: {
      calendar_id: MISSING,
      intervention_id: MISSING,
      start: '2026-11-25T10:00:00+01:00',
      customer: { firstname: 'Ana', lastname: 'Matrix' },
      notify_customer: false,
    },
  },
  listAbsences: { right: 'absence.manage' },
  createAbsence: {
    right: 'absence.manage',
    body: { calendar_ids: [MISSING], from: '2026-11-25T10:00', to: '2026-11-25T11:00' },
  },
  deleteAbsence: { right: 'absence.manage' },
  listHolidays: { right: 'absence.manage', query: 'year=2026' },
  closeHolidays: { right: 'absence.manage', body: { year: 2026, dates: ['2026-01-02'] } },
  searchCustomers: { right: 'customers.read', query: 'q=zzzzzz' },
  getCustomer: { right: 'customers.read' },
  exportCustomer: { right: 'customers.privacy' },
  eraseCustomer: { right: 'customers.privacy', body: { confirm: true } },
  listStaff: { right: 'staff.read' },
  updateStaffMember: { right: 'staff.manage', body: { role: 'staff', calendar_ids: null } },
  listInvitations: { right: 'staff.manage' },
  inviteStaff: {
    right: 'staff.manage',
    body: { email: 'someone@bo.example', role: 'staff', calendar_ids: [MISSING] },
  },
  revokeInvitation: { right: 'staff.manage' },
  getNotifications: { right: 'notifications.manage' },
  setNotifications: {
    right: 'notifications.manage',
    body: { emails: [], events: [] },
  },
  uploadImage: { right: 'images.upload', body: { not: 'an image' } },
  getConfiguration: { right: 'settings.manage' },
  saveConfiguration: { right: 'settings.manage', body: { document: { urlname: 'elsewhere' } } },
  listConfigurationVersions: { right: 'settings.manage' },
  getConfigurationVersion: { right: 'settings.manage' },
  diffConfigurationVersions: { right: 'settings.manage' },
  restoreConfigurationVersion: { right: 'settings.manage', body: {} },
  listPlatformGroups: { right: 'platform' },
  createPlatformGroup: {
    right: 'platform',
    body: {
      owner_email: 'owner@new.example',
      business: {
        name: 'Matrix',
        urlname: 'matrix-new',
        address: { street: '1 rue', zipcode: '75001', city: 'Paris', country: 'FR' },
        language: 'fr',
        service: { name: 'Cut', duration: 30 },
        hours: [{ weekday: 1, from: '09:00', to: '12:00' }],
      },
    },
  },
  setGroupActive: { right: 'platform', body: { active: false } },
  listCalendarFeeds: { right: 'feeds.subscribe' },
  createCalendarFeed: { right: 'feeds.subscribe', body: { calendar_id: MISSING } },
  revokeCalendarFeed: { right: 'feeds.subscribe' },
  listWebhooks: { right: 'webhooks.manage' },
  // An address the owner may not use: let through, the call still changes nothing (422).
  createWebhook: {
    right: 'webhooks.manage',
    body: { url: 'http://hooks.matrix.example/', events: ['appointment.created'] },
  },
  updateWebhook: { right: 'webhooks.manage', body: { enabled: false } },
  deleteWebhook: { right: 'webhooks.manage' },
  getWebhookSecret: { right: 'webhooks.manage' },
  testWebhook: { right: 'webhooks.manage' },
  listWebhookDeliveries: { right: 'webhooks.manage' },
  replayWebhookDelivery: { right: 'webhooks.manage' },
  listDeadJobs: { right: 'webhooks.manage' },
  retryDeadJob: { right: 'webhooks.manage' },
};

/**
 * Not about one group: the invited person's calls, tested in backoffice-invitations, and sign-up,
 * open to anyone (signup.integration.test.ts).
 */
// Calls that no staff right governs: an invitation's link, sign-up, and an uploaded image, which
// the booking pages show to anyone (its URL names its content).
// A calendar feed's address is its own credential (backoffice-calendar-feeds.integration.test.ts).
const OUTSIDE_GROUPS: RouteName[] = [
  'readInvitation',
  'acceptInvitation',
  'signup',
  'getImage',
  'calendarFeedFile',
];

const ROLES: StaffRole[] = ['owner', 'manager', 'staff'];
const OUTSIDERS = ['anonymous', 'customer', 'callcentre', 'otherOwner'] as const;

forEachDatabase('back office: every call against every caller', (database) => {
  let t: TestApp;
  let groupId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'matrix' }))).id;
    const other = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'matrix-other', website: null })))
      .id;
    for (const role of [...ROLES, 'callcentre'] as const)
      tokens[role] = (
        await createStaffMember(t, groupId, { email: `${role}@matrix.example`, role, allCalendars: true })
      ).token;
    tokens.otherOwner = (
      await createStaffMember(t, other, { email: 'owner@matrix-other.example', role: 'owner' })
    ).token;
    await createAccount(t.ctx.db, { email: 'customer@matrix.example' });
    tokens.customer = await loginAs(t, 'customer@matrix.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        [
          'appointments',
          'schedule_exceptions',
          'staff_invitations',
          'pro_groups',
          'groups',
          'group_config_versions',
          'group_images',
          'fiches',
          'calendar_feeds',
          'webhook_endpoints',
          'webhook_deliveries',
          'jobs',
        ].map(
          async (table) =>
            (
              await t.ctx.db
                .selectFrom(table as 'appointments')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirst()
            )?.n,
        ),
      ),
    );

  function request(name: RouteName, who: string) {
    const route = backofficeRoutes[name];
    const spec = CALLS[name]!;
    const path = route.path.replace(':id', String(groupId)).replace(/:(\w+)/g, () => String(MISSING));
    return call(t, route.method, `${path}${spec.query ? `?${spec.query}` : ''}`, {
      ...(tokens[who] ? { token: tokens[who] } : {}),
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
  }

  it('names every back-office route', () => {
    const named = [...Object.keys(CALLS), ...OUTSIDE_GROUPS].sort();
    expect(named).toEqual(Object.keys(backofficeRoutes).sort());
  });

  it('refuses everyone outside the group’s staff, and changes nothing', async () => {
    const before = await snapshot();
    for (const name of Object.keys(CALLS) as RouteName[])
      for (const who of OUTSIDERS) {
        if (name === 'getMembership' && who === 'callcentre') continue;
        const response = await request(name, who);
        expect(response.status, `${who} → ${name}: ${JSON.stringify(response.body)}`).toBe(
          who === 'anonymous' ? 401 : 403,
        );
      }
    expect(await snapshot()).toBe(before);
  });

  it('lets each role through exactly the calls its rights allow, and changes nothing', async () => {
    const before = await snapshot();
    for (const name of Object.keys(CALLS) as RouteName[]) {
      const { right } = CALLS[name]!;
      for (const role of ROLES) {
        const allowed = right === 'member' || (right !== 'platform' && rightsOf(role).includes(right));
        // An allowed caller of the live stream would hold it open: only refusals are asked there.
        if (name === 'agendaEvents' && allowed) continue;
        const response = await request(name, role);
        if (allowed)
          expect([401, 403], `${role} → ${name}: ${JSON.stringify(response.body)}`).not.toContain(
            response.status,
          );
        else expect(response.status, `${role} → ${name}`).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
