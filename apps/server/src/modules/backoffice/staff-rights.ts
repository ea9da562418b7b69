/**
 * What each role of a group's staff may do (docs/back-office.md "Roles";
 * docs/decisions/013-staff-roles.md). One table, read by every back-office service, so that a
 * right is granted or refused in one place.
 */
import type { StaffRole } from '../../db/database.ts';

export type StaffRight =
  /** See the agenda (staff: of their calendars). */
  | 'agenda.read'
  /** Mark arrivals and no-shows, write private notes (staff: on their calendars). */
  | 'appointment.mark'
  /** Move and cancel appointments (staff: on their calendars). */
  | 'appointment.manage'
  /** Book for a customer from the agenda (staff: on their calendars). */
  | 'appointment.book'
  /** Book past the notice limits and the capacity, giving a reason that is kept. */
  | 'appointment.override'
  /** Block and free time: absences on calendars (staff: theirs), closures of the whole group. */
  | 'absence.manage'
  /** Find customers and read their file. */
  | 'customers.read'
  /** Export or erase a person's data on their request. */
  | 'customers.privacy'
  /** See who works in the group. */
  | 'staff.read'
  /** Change roles and calendars of the group's members. */
  | 'staff.manage'
  /** Choose who at the business is mailed about bookings. */
  | 'notifications.manage'
  /** Read, change and restore the group's configuration (docs/group-configuration.md "Versions"). */
  | 'settings.manage'
  /** Upload the group's images: its logo, photos (docs/back-office.md "Images"). */
  | 'images.upload'
  /** Make private calendar subscriptions (docs/back-office.md "Calendar subscriptions"; staff: of their calendars). */
  | 'feeds.subscribe'
  /** See and revoke the calendar subscriptions the group's other members made. */
  | 'feeds.manage'
  /** Webhooks, their secrets and log, and the group's work that could not be done (docs/webhooks.md). */
  | 'webhooks.manage';

const RIGHTS: Record<StaffRole, readonly StaffRight[]> = {
  owner: [
    'agenda.read',
    'appointment.mark',
    'appointment.manage',
    'appointment.book',
    'appointment.override',
    'absence.manage',
    'customers.read',
    'customers.privacy',
    'staff.read',
    'staff.manage',
    'notifications.manage',
    'settings.manage',
    'images.upload',
    'feeds.subscribe',
    'feeds.manage',
    'webhooks.manage',
  ],
  manager: [
    'agenda.read',
    'appointment.mark',
    'appointment.manage',
    'appointment.book',
    'appointment.override',
    'absence.manage',
    'customers.read',
    'customers.privacy',
    'staff.read',
    'images.upload',
    'feeds.subscribe',
    'feeds.manage',
  ],
  staff: [
    'agenda.read',
    'appointment.mark',
    'appointment.manage',
    'appointment.book',
    'absence.manage',
    'customers.read',
    'feeds.subscribe',
  ],
  // The call centre books for customers through the booking pages, as professionals always did.
  callcentre: [],
};

export function rightsOf(role: StaffRole): readonly StaffRight[] {
  return RIGHTS[role];
}

export function roleAllows(role: StaffRole, right: StaffRight): boolean {
  return RIGHTS[role].includes(right);
}

/** Only staff members work on a subset of the calendars; the other roles see the whole group. */
export function isLimitedToCalendars(role: StaffRole, allCalendars: boolean): boolean {
  return role === 'staff' && !allCalendars;
}
