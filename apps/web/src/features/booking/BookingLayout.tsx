/**
 * The one container every booking step page is wrapped in (docs/requirements/booking-flow.md §2): it starts or restores the
 * booking (a new link starts afresh; a reload restores it, docs/requirements/booking-flow.md §4), keeps the sequence in step
 * with the address (back and forward buttons go back and forward in the sequence; a step not yet
 * reachable leads to the furthest one that is), acts on the one-shot parameters (update_apt: change
 * an appointment; take_apt: book one again), and draws the step bar and the booking summary around
 * the step page.
 */
import { stepBar } from '@creneau/core/booking/step-bar';
import { lazy, Suspense, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { Navigate, Outlet, useLocation } from '../../routing/routing.ts';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageContainer } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './BookingLayout.module.css';
import { resetBooking, useBookingStore } from './booking-store.ts';
import { chosenFacts } from './catalogue-filters.ts';
import { presetOfPreselection } from './preset.ts';
import { StepBar } from './StepBar.tsx';
import { furthestReachable, goBack, initialFlow, isPassedOver, isReachable, visit } from './sequence.ts';
import { useBooking } from './use-booking.ts';
import { useCatalogue } from './use-catalogue.ts';
import { useOneShotParams } from './use-one-shot-params.ts';

const BookingSummary = lazy(() =>
  import('./summary/BookingSummary.tsx').then((m) => ({ default: m.BookingSummary })),
);

/** Steps a chosen service can make pointless, so that the sequence passes over them. */
const PASSABLE_FIRST = new Set(['calendarset_id', 'calendar_id', 'resource_id']);

/** Pages under /book/ that are not steps of every sequence. */
const OUTSIDE_SEQUENCE = new Set(['login', 'register', 'register_confirm']);

export function BookingLayout() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, steps, preselection, params, startContext } = booking;
  const { pathname } = useLocation();
  const stored = {
    urlname: useBookingStore((s) => s.urlname),
    origin: useBookingStore((s) => s.origin),
  };
  const name = pathname.replace(/\/$/, '').split('/').pop() ?? '';
  const index = steps.findIndex((s) => s.name === name);
  const origin = useMemo(
    () => JSON.stringify({ p: preselection, d: params.date?.date ?? null }),
    [preselection, params.date?.date],
  );
  const ready = stored.urlname === group.urlname && stored.origin === origin;

  // A booking belongs to a group and the link it started from; anything else starts afresh.
  useLayoutEffect(() => {
    if (ready) return;
    const state = useBookingStore.getState();
    if (state.urlname === group.urlname && state.origin === origin) return;
    resetBooking(group.urlname, origin, initialFlow(startContext, presetOfPreselection(preselection)));
  }, [ready, group.urlname, origin, startContext, preselection]);

  const oneShot = useOneShotParams(booking, ready);

  if (!ready || oneShot.busy) {
    const label =
      oneShot.busy === 'edit'
        ? t('booking.loading.edit')
        : oneShot.busy === 'retake'
          ? t('booking.loading.retake')
          : undefined;
    return <Spinner page label={label} />;
  }
  if (index === -1) {
    if (OUTSIDE_SEQUENCE.has(name) || !steps.length) return <Frame />;
    return <Navigate replace to={booking.stepLink(0)} />;
  }
  return <Guarded index={index} />;
}

/** A step of the sequence: reachable, or sent to the furthest reachable one. */
function Guarded({ index }: { index: number }) {
  const booking = useBooking();
  const { steps, sequence, slotsIndex } = booking;
  const editingLocked = sequence.editing !== null && index < slotsIndex;
  const reachable = isReachable(steps, index, sequence) && !editingLocked;

  // The address moved within the sequence (step bar, back and forward buttons): follow it. A layout
  // effect, so that it runs before the step page's effects of the same commit: a page whose lists
  // are already in picks its only option in its first effect and moves the sequence on, and this
  // check, run after that, took the page's own address for a step back (and then stopped every
  // automatic pick on the way, as after a visitor's return).
  useLayoutEffect(() => {
    if (!reachable) return;
    const state = booking.flow();
    if (index < state.sequence.current) useBookingStore.setState(goBack(state, steps, index));
    else if (index !== state.sequence.current) useBookingStore.setState(visit(state, index));
  }, [index, reachable, booking.flow, steps]);

  if (!reachable) {
    // A move of the sequence re-renders the page it leaves before the router shows the next one:
    // the step the sequence stands on is then where to go, as the move itself asked.
    const target = editingLocked
      ? slotsIndex
      : isReachable(steps, sequence.current, sequence)
        ? sequence.current
        : furthestReachable(steps, sequence);
    return <Navigate replace to={booking.stepLink(target)} />;
  }
  return <Frame index={index} />;
}

/** Step bar, summary and page. */
function Frame({ index }: { index?: number }) {
  const { t } = useTranslation();
  const booking = useBooking();
  const { steps, sequence, selection, params } = booking;
  const chosen = selection.intervention_ids.length > 0;
  const catalogue = useCatalogue(chosen ? ['services'] : []);
  const step = index !== undefined ? steps[index] : undefined;
  const onConfirm = step?.name === 'confirm';

  const bar = useMemo(() => {
    if (index === undefined) return null;
    const context = {
      services: chosenFacts(selection.intervention_ids, catalogue.services),
      logged: booking.logged,
    };
    const current = steps[index]!;
    return stepBar(steps, {
      current: index,
      nextAllowed: sequence.done.includes(current.name),
      editing: sequence.editing !== null,
      isBlocked: (i) =>
        i !== index &&
        (sequence.ignored.includes(steps[i]!.name) || (i > index && isPassedOver(steps[i]!, context))),
    });
  }, [index, steps, sequence, selection.intervention_ids, catalogue.services, booking.logged]);

  // The first step shows no bar, the next one does. When the first step is only passed through (a
  // preselected service needs no resource, no agenda to choose…), its room is kept from the start,
  // so the page does not jump down when the bar appears; while the services are still loading, a
  // step that may be passed over keeps it too (docs/web-app.md "First paint").
  const reserveBar =
    index === 0 &&
    step !== undefined &&
    bar !== null &&
    !bar.visible &&
    chosen &&
    (catalogue.loading
      ? PASSABLE_FIRST.has(step.name)
      : isPassedOver(step, {
          services: chosenFacts(selection.intervention_ids, catalogue.services),
          logged: booking.logged,
        }));
  const showSummary = chosen && !onConfirm && step !== undefined;
  const returnUrl = params.return_button && params.return_url ? params.return_url : null;

  return (
    <PageContainer>
      <div className={styles.booking} data-testid="booking">
        {returnUrl && (
          <div className={styles.returnRow}>
            <ButtonAnchor variant="ghost" size="s" href={returnUrl} data-testid="return-to-site">
              <Icon name="back" size={18} />
              {t('booking.returnToSite')}
            </ButtonAnchor>
          </div>
        )}
        {bar && (bar.visible || reserveBar) && (
          <StepBar
            items={bar.items}
            onSelect={(i) => (i < (index ?? 0) ? booking.back(i) : booking.go(i))}
            reserved={!bar.visible}
          />
        )}
        <div className={showSummary ? styles.columns : styles.single}>
          {showSummary && (
            <aside className={styles.summary} aria-label={t('booking.summary.title')}>
              <Suspense fallback={null}>
                <BookingSummary />
              </Suspense>
            </aside>
          )}
          <div className={styles.page}>
            <Suspense fallback={<Spinner page />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
