/**
 * The absences and closures not yet over, by month, one entry per occurrence (absence-entries.ts),
 * each removable after a confirmation: that date only, or its whole series.
 */
import { useEffect, useRef, useState } from 'react';
import type { AbsenceList as AbsenceListAnswer } from '../../../api/admin-absences.ts';
import { useDeleteAbsence } from '../../../api/admin-absences.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type AbsenceEntry, byMonth, coversAll, entriesOf } from './absence-entries.ts';
import { useAbsenceErrorText } from './absence-errors.ts';
import { useAbsenceFormat } from './absence-format.ts';
import styles from './absences.module.css';

interface AbsenceListProps {
  list: AbsenceListAnswer;
  /** Works on every calendar: an entry on all of them is the whole business. */
  wholeGroup: boolean;
}

export function AbsenceList({ list, wholeGroup }: AbsenceListProps) {
  const { t } = usePart('admin');
  const format = useAbsenceFormat();
  const { group } = useGroupContext();
  const remove = useDeleteAbsence(group.id);
  const errorText = useAbsenceErrorText();
  const [confirming, setConfirming] = useState<AbsenceEntry | null>(null);
  const [announce, setAnnounce] = useState('');
  const refocus = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  // The deleted entry's button is gone: once the dialog has handed the focus back (a frame after it
  // closes), the focus goes to the list rather than to the page's start.
  useEffect(() => {
    if (confirming || !refocus.current) return;
    refocus.current = false;
    requestAnimationFrame(() => requestAnimationFrame(() => listRef.current?.focus()));
  }, [confirming]);
  const names = new Map(list.calendars.map((calendar) => [calendar.id, calendar.name]));
  const allIds = list.calendars.map((calendar) => calendar.id);
  const months = byMonth(entriesOf(list.absences));

  const whoOf = (entry: AbsenceEntry) =>
    wholeGroup && coversAll(entry, allIds)
      ? t('admin.absences.list.wholeGroup')
      : entry.calendarIds.map((id) => names.get(id) ?? '').join(', ');
  const describe = (entry: AbsenceEntry) =>
    [format.when(entry), whoOf(entry), entry.label].filter(Boolean).join(' · ');

  const confirm = (series: boolean) => {
    if (!confirming || remove.isPending) return;
    const entry = confirming;
    remove.mutate(
      { ids: entry.ids, series: series && entry.series !== null },
      {
        onSuccess: () => {
          setConfirming(null);
          setAnnounce(t('admin.absences.list.deleted', { what: describe(entry) }));
          refocus.current = true;
        },
      },
    );
  };

  return (
    <div className={styles.months} ref={listRef} tabIndex={-1} data-testid="absence-list">
      <p className="visually-hidden" role="status" data-testid="absence-list-status">
        {announce}
      </p>
      {months.length === 0 && (
        <p className={styles.empty} data-testid="absence-list-empty">
          {t('admin.absences.list.empty')}
        </p>
      )}
      {months.map(({ month, entries }) => (
        <section key={month} className={styles.month} aria-labelledby={`absences-${month}`}>
          <h3 id={`absences-${month}`} className={styles.monthTitle}>
            {format.month(month)}
          </h3>
          <ul className={styles.entries}>
            {entries.map((entry) => (
              <li
                key={entry.key}
                className={`${styles.entry} ${entry.kind === 'closure' ? styles.entryClosure : styles.entryAbsence}`}
                data-testid="absence-entry"
                data-block-ids={entry.ids.join(' ')}
              >
                <div className={styles.entryText}>
                  <span className={`${styles.strong} ${styles.entryWhen}`}>{format.when(entry)}</span>
                  <span className={styles.badges}>
                    <span className={entry.kind === 'closure' ? styles.badgeStrong : styles.badge}>
                      {t(`admin.block.${entry.kind}`)}
                    </span>
                    <span className={styles.muted}>{whoOf(entry)}</span>
                    {entry.seriesSize > 1 && (
                      <span className={styles.badge}>
                        {t('admin.absences.list.series', { n: entry.seriesSize })}
                      </span>
                    )}
                  </span>
                  {entry.label && <span>{entry.label}</span>}
                </div>
                <Button
                  variant="ghost"
                  size="s"
                  iconOnly
                  aria-label={t('admin.absences.list.deleteLabel', { what: describe(entry) })}
                  onClick={() => {
                    remove.reset();
                    setConfirming(entry);
                  }}
                  data-testid="absence-delete"
                >
                  <Icon name="close" />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {list.more && <p className={styles.muted}>{t('admin.absences.list.more')}</p>}
      {confirming && (
        <Dialog
          role="alertdialog"
          dismissable={false}
          title={t('admin.absences.confirm.title')}
          onClose={() => setConfirming(null)}
          testId="absence-confirm"
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() => setConfirming(null)}
                data-testid="absence-confirm-keep"
              >
                {t('admin.absences.confirm.keep')}
              </Button>
              {confirming.series !== null && confirming.seriesSize > 1 && (
                <Button
                  variant="danger"
                  aria-disabled={remove.isPending || undefined}
                  onClick={() => confirm(true)}
                  data-testid="absence-confirm-series"
                >
                  {t('admin.absences.confirm.series', { n: confirming.seriesSize })}
                </Button>
              )}
              <Button
                variant="danger"
                aria-disabled={remove.isPending || undefined}
                onClick={() => confirm(false)}
                data-testid="absence-confirm-delete"
              >
                {confirming.seriesSize > 1
                  ? t('admin.absences.confirm.one')
                  : t('admin.absences.confirm.delete')}
              </Button>
            </>
          }
        >
          <p className={styles.entryWhen}>{describe(confirming)}</p>
          <p className={styles.muted}>{t('admin.absences.confirm.text')}</p>
          {remove.isError && (
            <p className={`${forms.error} ${forms.dense}`} role="alert">
              <Icon name="alert" size={16} />
              <span>{errorText(remove.error)}</span>
            </p>
          )}
        </Dialog>
      )}
    </div>
  );
}
