/**
 * One line of the confirmation (docs/requirements/accounts-and-appointments.md §2 "Confirmation
 * step"): a service or a pack with its included items, its time, length, calendar and resource, the
 * video button, and its price; then the discount and total lines.
 */
import type { PriceSummary } from '@creneau/core/booking/pricing';
import { lazy, Suspense } from 'react';
import type { BookedAppointment } from '../../../api/appointment-create.ts';
import { useTranslation, withPart } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import styles from '../steps/ConfirmPage.module.css';

// With the customer area's texts it shows, fetched in parallel.
const VideoButton = lazy(() =>
  withPart('account', import('../../../ui/appointments/VideoButton.tsx')).then((m) => ({
    default: m.VideoButton,
  })),
);

type Name = (id: number | null | undefined, fallback: string) => string;

interface ConfirmLineProps {
  row: BookedAppointment;
  /** A pack's included appointments. */
  included: BookedAppointment[];
  /** Names in the page's language (the server names them in the group's). */
  nameOf: Name;
  calendarName: Name;
  showPrices: boolean;
  timeZone: string;
}

export function ConfirmLine({ row, included, nameOf, calendarName, showPrices, timeZone }: ConfirmLineProps) {
  const { t } = useTranslation();
  const format = useFormatters();

  return (
    <li className={styles.line}>
      <div className={styles.lineMain}>
        <p className={styles.lineName}>
          {row.pack ? nameOf(row.pack.id, row.pack.name) : nameOf(row.intervention_id, row.intervention_name)}
          {row.pack && <span className={styles.chip}>{t('booking.item.pack')}</span>}
          {row.promotion ? (
            <span className={`${styles.chip} ${styles.promo}`}>
              {t('booking.item.promotion', { percent: row.promotion })}
            </span>
          ) : null}
        </p>
        <p className={styles.lineMeta}>
          {format.time(row.start)}
          {' · '}
          {format.duration(row.duration)}
          {!row.pack && row.calendar_name ? ` · ${calendarName(row.calendar_id, row.calendar_name)}` : ''}
          {row.resource ? ` · ${calendarName(row.resource.id, row.resource.name)}` : ''}
        </p>
        {row.pack && (
          <ul className={styles.packItems}>
            {[row, ...included].map((item) => (
              <li key={item.id}>
                <span className={styles.packTime}>{format.time(item.start)}</span>{' '}
                {nameOf(item.intervention_id, item.intervention_name)}
                {item.calendar_name ? ` · ${calendarName(item.calendar_id, item.calendar_name)}` : ''}
              </li>
            ))}
          </ul>
        )}
        {row.video_credentials && (
          <Suspense fallback={null}>
            <div className={styles.video}>
              <VideoButton start={row.start} url={row.video_credentials.url} timeZone={timeZone} />
            </div>
          </Suspense>
        )}
      </div>
      {showPrices && row.price_amount !== null && (
        <p className={styles.linePrice}>
          {row.promotion &&
            row.intervention_price !== null &&
            row.intervention_price !== row.price_amount && (
              <s className={styles.listPrice}>{format.price(row.intervention_price)}</s>
            )}
          <span>{row.price_amount === 0 ? t('booking.free') : format.price(row.price_amount)}</span>
        </p>
      )}
    </li>
  );
}

export function ConfirmTotals({ summary }: { summary: PriceSummary }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <dl className={styles.totals}>
      {summary.discountCents > 0 && (
        <div className={styles.discount} data-testid="confirm-discount">
          <dt>{t('booking.confirm.discount')}</dt>
          <dd>−{format.price(summary.discountCents)}</dd>
        </div>
      )}
      <div className={styles.total} data-testid="confirm-total">
        <dt>{t('booking.confirm.total')}</dt>
        <dd>{format.price(summary.totalCents!)}</dd>
      </div>
    </dl>
  );
}
