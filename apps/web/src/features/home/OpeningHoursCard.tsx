/** Opening hours Monday to Sunday, today marked, and whether the business is open right now. */
import { useMemo } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './HomePage.module.css';
import { hasOpeningHours, isOpenAt, type OpeningHours, openingRows, wallClockNow } from './opening-hours.ts';

export function OpeningHoursCard({ hours }: { hours: OpeningHours | undefined }) {
  const { t } = usePart('home');
  const { group } = useGroupContext();
  const format = useFormatters();
  const now = useMemo(() => wallClockNow(new Date(), group.timezone), [group.timezone]);
  if (!hasOpeningHours(hours)) return null;
  const open = isOpenAt(hours, now.day, now.minutes);
  const rows = openingRows(hours, now.day);
  return (
    <section className={styles.card} aria-labelledby="home-hours" data-testid="opening-hours">
      <div className={styles.cardHeader}>
        <h2 id="home-hours" className={styles.cardTitle}>
          <Icon name="clock" />
          {t('home.openingHours')}
        </h2>
        <span className={`${styles.status} ${open ? styles.open : styles.closedNow}`}>
          {open ? t('home.openNow') : t('home.closedNow')}
        </span>
      </div>
      <table className={styles.hours}>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.day}
              className={row.today ? styles.today : undefined}
              aria-current={row.today ? 'date' : undefined}
            >
              <th scope="row">
                <span className={styles.dayName}>{format.weekday(row.referenceDate)}</span>
                {row.today && <span className="visually-hidden"> ({t('home.today')})</span>}
              </th>
              <td>
                {row.ranges.length === 0 ? (
                  <span className={styles.closed}>{t('home.closed')}</span>
                ) : (
                  row.ranges.map(([from, to]) => (
                    <span key={from} className={styles.range}>
                      {t('home.range', { from, to })}
                    </span>
                  ))
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
