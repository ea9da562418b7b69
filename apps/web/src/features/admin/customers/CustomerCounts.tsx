/**
 * A customer's four counts — upcoming, past, no-shows (marked when any), last visit — as the
 * search's rows and the file show them (docs/back-office.md "Customers"), inside their list.
 */
import { usePart } from '../../../i18n/i18n.ts';
import { Stat } from './Stat.tsx';
import { useDayFormat } from './use-day-format.ts';

interface Counts {
  upcoming: number;
  past: number;
  no_shows: number;
  last_visit: string | null;
}

export function CustomerCounts({ customer }: { customer: Counts }) {
  const { t } = usePart('admin');
  const day = useDayFormat();
  return (
    <>
      <Stat label={t('admin.customers.upcoming')} value={customer.upcoming} />
      <Stat label={t('admin.customers.past')} value={customer.past} />
      <Stat label={t('admin.customers.noShows')} value={customer.no_shows} warn={customer.no_shows > 0} />
      <Stat
        label={t('admin.customers.lastVisit')}
        value={customer.last_visit ? day(customer.last_visit) : t('admin.customers.never')}
      />
    </>
  );
}
