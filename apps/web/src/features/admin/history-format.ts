/**
 * One line of an appointment's history in words (docs/back-office.md "Appointment detail"): what
 * happened, who did it, when — on the group's clock and in the page's language — and what it
 * changed: the times and calendars of a move, the reason of a cancellation or an override, whether
 * the customer was told. A note's entry says that the note changed, never what it said.
 */
import { formatDate, formatDateTime, formatTime } from '@creneau/core/format/date-time';
import { isLocale, type Locale } from '@creneau/core/locales';
import { useMemo } from 'react';
import type { HistoryEntry } from '../../api/admin-actions.ts';
import type { AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

export interface HistoryContext {
  t: Translate;
  locale: Locale;
  timeZone: string;
  /** The name of a calendar by id, when the agenda lists it. */
  calendarName: (id: number) => string | undefined;
}

export interface HistoryLine {
  /** "Moved", "Cancelled"… */
  action: string;
  /** "by Capucine Moreau", "by the customer". */
  actor: string;
  /** When, on the group's clock. */
  when: string;
  /** The instant as sent, for <time dateTime>. */
  at: string;
  details: string[];
}

/** The change fields the history may name, with the label the dialog already shows for them. */
const FIELD_LABELS: Record<string, string> = {
  comments: 'admin.detail.comments',
  fiche_id: 'admin.detail.customer',
};

export function describeHistory(entry: HistoryEntry, context: HistoryContext): HistoryLine {
  const { t, locale, timeZone } = context;
  const dateTime = (iso: string) => formatDateTime(new Date(iso), { locale, timeZone, style: 'medium' });
  const details: string[] = [];
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const d = entry.details;

  if (entry.action === 'moved') {
    const from = text(d.from);
    const to = text(d.to);
    if (from && to) {
      const sameDay =
        formatDate(new Date(from), { locale, timeZone }) === formatDate(new Date(to), { locale, timeZone });
      details.push(
        t('admin.history.fromTo', {
          from: dateTime(from),
          to: sameDay ? formatTime(new Date(to), { locale, timeZone }) : dateTime(to),
        }),
      );
    }
    if (
      typeof d.calendar_from === 'number' &&
      typeof d.calendar_to === 'number' &&
      d.calendar_from !== d.calendar_to
    ) {
      const before = context.calendarName(d.calendar_from);
      const after = context.calendarName(d.calendar_to);
      if (before && after) details.push(t('admin.history.fromTo', { from: before, to: after }));
    }
    // Another service: named as the staff knew them when it changed.
    const [serviceBefore, serviceAfter] = [text(d.service_from), text(d.service_to)];
    if (serviceBefore && serviceAfter)
      details.push(t('admin.history.fromTo', { from: serviceBefore, to: serviceAfter }));
  }
  if (entry.action === 'cancelled' || entry.action === 'override') {
    const reason = text(d.reason);
    if (reason) details.push(t('admin.history.reason', { reason }));
  }
  if (entry.action === 'cancelled' && entry.actor === 'staff')
    details.push(t(d.customer_told === false ? 'admin.history.notTold' : 'admin.history.told'));
  if (entry.action === 'changed' && Array.isArray(d.fields)) {
    const labels = d.fields.flatMap((field) =>
      typeof field === 'string' && FIELD_LABELS[field] ? [t(FIELD_LABELS[field])] : [],
    );
    if (labels.length > 0) details.push(t('admin.history.fields', { fields: labels.join(', ') }));
  }

  return {
    action: t(`admin.history.action.${entry.action}`),
    actor:
      entry.actor === 'customer'
        ? t('admin.history.byCustomer')
        : entry.actor_name
          ? t('admin.history.by', { name: entry.actor_name })
          : t('admin.history.byStaff'),
    when: dateTime(entry.at),
    at: entry.at,
    details,
  };
}

/** The context of the page: its language, the group's zone, the agenda's calendars. */
export function useHistoryContext(calendars: readonly AgendaCalendar[]): HistoryContext {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  return useMemo(
    () => ({
      t: (key, values) => t(key, values),
      locale,
      timeZone: group.timezone,
      calendarName: (id) => calendars.find((c) => c.id === id)?.name,
    }),
    [t, locale, group.timezone, calendars],
  );
}
