/**
 * An appointment as the front end sees it (docs/requirements/accounts-and-appointments.md §3 Appointment): the service, pack, calendar,
 * resource, prices, promotion, video room, address and the patient, in the caller's language.
 */
import type { SiteAddress } from '@creneau/core/group-config/group-config.schema';
import type { Translations } from '../../db/database.ts';
import type { DetailedAppointment } from './appointments.repository.ts';
import { type CalendarEvent, googleCalendarData } from './ics.ts';

const pick = (name: string, publicname: string | null) => (publicname ? publicname : name);

function translated(
  name: string,
  publicname: string,
  translations: Translations,
  locale: string | undefined,
) {
  const t = locale ? translations?.[locale] : undefined;
  return t?.publicname ?? t?.name ?? pick(name, publicname);
}

/**
 * Where the appointment takes place: its calendar's site when the calendar set has an address of its
 * own, else the group's address (with the group's coordinates).
 */
export function appointmentAddress(row: DetailedAppointment) {
  const site = row.site_address as SiteAddress | null;
  if (site) return { ...site };
  const settings = row.group_settings;
  return settings.address
    ? { ...settings.address, lat: settings.lat ?? null, lng: settings.lng ?? null }
    : null;
}

/** The service's name in a language, as the customer sees it. */
export const serviceNameOf = (row: DetailedAppointment, locale?: string) =>
  translated(row.intervention_name, row.intervention_publicname, row.intervention_translations, locale);

/** The UID of an appointment in every iCalendar file Créneau writes, so calendar apps see one event. */
export const appointmentUid = (id: number) => `appointment-${id}@creneau`;

export function calendarEventOf(row: DetailedAppointment, locale?: string): CalendarEvent {
  const service = serviceNameOf(row, locale);
  const place = appointmentAddress(row);
  const address = place ? `${place.address}, ${place.zipcode} ${place.city}` : null;
  return {
    uid: appointmentUid(row.id),
    start: row.starts_at,
    end: row.ends_at,
    summary: `${service} — ${row.group_name}`,
    location: row.video_room ? null : address,
    description: [pick(row.calendar_name, row.calendar_publicname), row.comments].filter(Boolean).join('\n'),
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  };
}

export function presentAppointment(
  row: DetailedAppointment,
  options: { locale?: string | undefined; videoBaseUrl: string; included?: readonly DetailedAppointment[] },
) {
  const settings = row.group_settings;
  const service = translated(
    row.intervention_name,
    row.intervention_publicname,
    row.intervention_translations,
    options.locale,
  );
  const event = calendarEventOf(row, options.locale);
  return {
    id: row.id,
    start: row.starts_at.toISOString(),
    end: row.ends_at.toISOString(),
    status: row.status,
    group_id: row.group_id,
    group_name: row.group_name,
    group_urlname: row.group_urlname,
    fiche_id: row.fiche_id,
    fiche: { id: row.fiche_id, firstname: row.fiche_firstname, lastname: row.fiche_lastname },
    intervention_id: row.intervention_id,
    intervention_name: service,
    intervention_length: row.intervention_length,
    duration: row.duration,
    videoconference: row.intervention_videoconference,
    video_credentials: row.video_room
      ? { room: row.video_room, url: `${options.videoBaseUrl}/${row.video_room}` }
      : null,
    type: row.type,
    pack_id: row.pack_id,
    parent_id: row.parent_id,
    pack: row.pack_id
      ? { id: row.pack_id, name: pick(row.pack_name ?? '', row.pack_publicname ?? '') }
      : null,
    consecutive_value: row.consecutive_value,
    price: row.price_amount,
    price_amount: row.price_amount,
    intervention_price: row.intervention_price,
    promotion: row.promotion,
    is_promoted: row.is_promoted,
    calendar_id: row.calendar_id,
    calendar_name: pick(row.calendar_name, row.calendar_publicname),
    calendar: { id: row.calendar_id, publicname: pick(row.calendar_name, row.calendar_publicname) },
    resource: row.resource_id
      ? { id: row.resource_id, name: pick(row.resource_name ?? '', row.resource_publicname ?? '') }
      : null,
    interventions: (options.included ?? []).map((item) => ({
      apt_id: item.id,
      intervention_id: item.intervention_id,
      intervention_name: translated(
        item.intervention_name,
        item.intervention_publicname,
        item.intervention_translations,
        options.locale,
      ),
      calendar_id: item.calendar_id,
      calendar_name: pick(item.calendar_name, item.calendar_publicname),
      start: item.starts_at.toISOString(),
    })),
    vevent_comments: row.comments,
    comments: row.comments,
    vevent: row.vevent,
    address: appointmentAddress(row),
    location: event.location,
    time_zone: settings.timezone,
    google_calendar: googleCalendarData(event, settings.timezone),
    created_at: row.created_at,
  };
}
