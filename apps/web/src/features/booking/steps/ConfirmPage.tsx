/**
 * Step "confirm" — the booking is made (docs/requirements/accounts-and-appointments.md §2
 * "Confirmation step", §4): the hero (confirm/ConfirmHero), the lines and totals
 * (confirm/ConfirmLine), the comment, and the actions — add to calendar (not for professionals), go
 * there (another site of the group), book another, cancel, change (API v3 and Account profile),
 * return to site. Leaving the page ends the booking, except toward the map.
 */ import { summarizePrices } from '@creneau/core/booking/pricing';
import { lazy, Suspense, useEffect, useState } from 'react';
import { canChangeAppointments } from '../../../api/api-generation.ts';
import type { BookedAppointment } from '../../../api/appointment-create.ts';
import { appointmentIcsUrl } from '../../../api/appointment-ics.ts';
import { isElsewhere, mapState, placeToGo } from '../../../app/map-place.ts';
import { groupPath, useGroupLink } from '../../../app/paths.ts';
import { useTranslation, withPart } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Link, Navigate, useNavigate } from '../../../routing/routing.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { openPopup } from '../../../ui/popup-store.ts';
import { resetBooking, useBookingStore } from '../booking-store.ts';
import { displayName } from '../catalogue-filters.ts';
import { ConfirmHero } from '../confirm/ConfirmHero.tsx';
import { ConfirmLine, ConfirmTotals } from '../confirm/ConfirmLine.tsx';
import { LazyRichText } from '../parts/LazyRichText.tsx';
import { presetOfPreselection } from '../preset.ts';
import { initialFlow } from '../sequence.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './ConfirmPage.module.css';

// With the customer area's texts they show, fetched in parallel.
const CancelDialog = lazy(() =>
  withPart('account', import('../../appointments/CancelDialog.tsx')).then((m) => ({
    default: m.CancelDialog,
  })),
);
/** A modify_url with the appointment to change as update_apt. */
export function withAppointment(url: string, id: number): string {
  const target = new URL(url);
  target.searchParams.set('update_apt', String(id));
  return target.toString();
}

export function ConfirmPage() {
  const { t } = useTranslation();
  const _format = useFormatters();
  const navigate = useNavigate();
  const link = useGroupLink();
  const booking = useBooking();
  const { group, params, pro, locale, preselection, startContext } = booking;
  const confirmation = useBookingStore((s) => s.confirmation);
  const origin = useBookingStore((s) => s.origin);
  const [cancelling, setCancelling] = useState(false);
  const catalogue = useCatalogue(['services', 'calendars']);
  // The server names services in the group's language; the page may speak another.
  const nameOf = (id: number | null | undefined, fallback: string) => {
    const item = catalogue.services.find((s) => s.id === id);
    return item ? displayName(item) : fallback;
  };
  const calendarName = (id: number | null | undefined, fallback: string) => {
    const calendar = catalogue.calendars.find((c) => c.id === id);
    return calendar ? displayName(calendar) : fallback;
  };

  // Leaving the confirmation ends the booking — except toward the map (docs/requirements/accounts-and-appointments.md §4).
  useEffect(
    () => () => {
      // Still here (a re-render, React's development double mount) or toward the map: keep it.
      const path = window.location.pathname;
      if (path.endsWith('/map') || path.endsWith('/book/confirm')) return;
      const state = useBookingStore.getState();
      if (!state.confirmation || !state.urlname || !state.origin) return;
      resetBooking(
        state.urlname,
        state.origin,
        initialFlow(startContext, presetOfPreselection(preselection)),
      );
    },
    [startContext, preselection],
  );

  if (!confirmation || confirmation.records.length === 0)
    return <Navigate replace to={booking.stepLink(0)} />;
  const records = confirmation.records;
  const first = records[0]!;
  const last = records[records.length - 1]!;
  const zone = first.time_zone || group.timezone;
  const lines = records.filter((r) => r.type !== 'included');
  const included = (head: BookedAppointment) => records.filter((r) => r.parent_id === head.id);
  const summary =
    confirmation.summary ??
    summarizePrices(lines.map((r) => ({ listCents: r.intervention_price, promotion: r.promotion })));
  const showPrices = group.display_intervention_price && summary.totalCents !== null;
  const comment = first.comments;
  // Another site of the group (a calendar set with its own address): "go there" shows it on the map.
  const place = placeToGo(first);
  const elsewhere = place && isElsewhere(place, group) ? place : null;
  const canChange = canChangeAppointments(group);
  const person = `${confirmation.fiche.firstname} ${confirmation.fiche.lastname}`.trim();

  const startAgain = () => {
    resetBooking(group.urlname, origin ?? '', initialFlow(startContext, presetOfPreselection(preselection)));
    booking.go(0);
  };

  const addToCalendar = () =>
    openPopup({
      kind: 'addToCalendar',
      event: {
        title: `${lines.map((r) => (r.pack ? nameOf(r.pack.id, r.pack.name) : nameOf(r.intervention_id, r.intervention_name))).join(', ')} — ${group.name}`,
        start: first.start,
        end: last.end,
        description: [calendarName(first.calendar_id, first.calendar_name), comment]
          .filter(Boolean)
          .join('\n'),
        location: first.location ?? undefined,
        timeZone: zone,
        icsUrl: appointmentIcsUrl(group.id, first.id),
      },
    });

  return (
    <section className={styles.page} data-testid="confirmation" aria-labelledby="confirm-title">
      <ConfirmHero
        title={
          confirmation.changed
            ? t('booking.confirm.changedTitle')
            : pro
              ? t('booking.confirm.proTitle')
              : t('booking.confirm.title', { count: records.length })
        }
        person={person}
        start={first.start}
        groupZone={zone}
        locale={locale}
      />

      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('booking.confirm.details', { count: lines.length })}</h2>
        <ul className={styles.lines} data-testid="confirm-lines">
          {lines.map((row) => (
            <ConfirmLine
              key={row.id}
              row={row}
              included={included(row)}
              nameOf={nameOf}
              calendarName={calendarName}
              showPrices={showPrices}
              timeZone={zone}
            />
          ))}
        </ul>
        {showPrices && <ConfirmTotals summary={summary} />}
        {comment && (
          <div className={styles.comment}>
            <h3>{t('booking.confirm.comment')}</h3>
            <p>{comment}</p>
          </div>
        )}
      </div>

      {group.apptemplates?.confirm_text && (
        <div className={styles.note}>
          <Icon name="info" />
          <LazyRichText text={group.apptemplates?.confirm_text} />
        </div>
      )}

      <div className={styles.actions}>
        {!pro && (
          <Button onClick={addToCalendar} data-testid="confirm-add-to-calendar">
            <Icon name="calendarCheck" size={18} />
            {t('booking.confirm.addToCalendar')}
          </Button>
        )}
        {elsewhere && (
          <ButtonLink
            variant="secondary"
            to={link('map')}
            state={mapState(elsewhere)}
            data-testid="confirm-map"
          >
            <Icon name="pin" size={18} />
            {t('booking.confirm.goThere')}
          </ButtonLink>
        )}
        {canChange && params.modify_url ? (
          // The embedding site has its own page for changes (modify_url): it gets the appointment.
          <ButtonAnchor
            variant="secondary"
            href={withAppointment(params.modify_url, first.id)}
            data-testid="confirm-change"
          >
            <Icon name="swap" size={18} />
            {t('booking.confirm.change', { count: records.length })}
          </ButtonAnchor>
        ) : canChange ? (
          <Button
            variant="secondary"
            onClick={() => {
              const search = new URLSearchParams(window.location.search);
              search.set('update_apt', String(first.id));
              navigate({ pathname: groupPath(group.urlname, 'book/slots'), search: `?${search}` });
            }}
            data-testid="confirm-change"
          >
            <Icon name="swap" size={18} />
            {t('booking.confirm.change', { count: records.length })}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setCancelling(true)} data-testid="confirm-cancel">
          <Icon name="close" size={18} />
          {t('booking.confirm.cancel', { count: records.length })}
        </Button>
        <Button variant="ghost" onClick={startAgain} data-testid="confirm-book-another">
          <Icon name="calendar" size={18} />
          {t('booking.confirm.bookAnother')}
        </Button>
        {params.return_url && (
          <ButtonAnchor variant="ghost" href={params.return_url} data-testid="confirm-return">
            <Icon name="back" size={18} />
            {t('booking.returnToSite')}
          </ButtonAnchor>
        )}
      </div>
      {!pro && (
        <p className={styles.manage}>
          <Link to={{ pathname: groupPath(group.urlname, 'appointments') }}>
            {t('booking.confirm.myAppointments')}
          </Link>
        </p>
      )}

      {cancelling && (
        <Suspense fallback={null}>
          <CancelDialog
            group={group}
            appointments={records}
            targetId={first.id}
            onClose={() => setCancelling(false)}
            onCancelled={startAgain}
          />
        </Suspense>
      )}
    </section>
  );
}
