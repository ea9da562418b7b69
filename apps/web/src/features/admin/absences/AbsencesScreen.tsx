/**
 * /{urlname}/admin/absences — absences and closures (docs/back-office.md "Absences and closures",
 * "Public holidays"): block time on a calendar, or on the whole business for those who work on every
 * calendar; the coming blocks, removable; and the country's public holidays to close in one step.
 * Staff members see and block only their own calendars: the server answers only those.
 */
import { useId } from 'react';
import { useAbsenceList } from '../../../api/admin-absences.ts';
import type { Membership } from '../../../api/admin-membership.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { AbsenceForm } from './AbsenceForm.tsx';
import { AbsenceList } from './AbsenceList.tsx';
import styles from './absences.module.css';
import { HolidaysPanel } from './HolidaysPanel.tsx';

export function AbsencesScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const list = useAbsenceList(group.id, token);
  const id = useId();
  // Closing the whole business is for those who work on every calendar (the server's rule).
  const wholeGroup = membership.calendar_ids === null;

  return (
    <div data-testid="absences-screen">
      <ScreenTitle title={t('admin.sections.absences')} />
      <p className={styles.intro}>{t('admin.absences.intro')}</p>
      {list.isPending && <Spinner label={t('admin.loading')} />}
      {list.isError && <ErrorMessage onRetry={() => void list.refetch()} />}
      {list.data && (
        <div className={styles.layout}>
          <section className={`${styles.panel} ${styles.formArea}`} aria-labelledby={`${id}-new`}>
            <h2 id={`${id}-new`} className={styles.panelTitle}>
              {t('admin.absences.form.title')}
            </h2>
            <AbsenceForm
              calendars={list.data.calendars}
              wholeGroup={wholeGroup}
              today={list.data.now_local.slice(0, 10)}
            />
          </section>
          <section className={`${styles.panel} ${styles.listArea}`} aria-labelledby={`${id}-coming`}>
            <div className={styles.panelHead}>
              <h2 id={`${id}-coming`} className={styles.panelTitle}>
                {t('admin.absences.list.title')}
              </h2>
              {list.isFetching && <span className={styles.muted}>{t('admin.loading')}</span>}
            </div>
            <AbsenceList list={list.data} wholeGroup={wholeGroup} />
          </section>
          {wholeGroup && (
            <div className={styles.holidaysArea}>
              <HolidaysPanel
                today={list.data.now_local.slice(0, 10)}
                calendarNames={new Map(list.data.calendars.map((calendar) => [calendar.id, calendar.name]))}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
