/**
 * Asked before a save that would leave booked appointments outside what is bookable: the server
 * wrote nothing and listed them (docs/back-office.md "Stranded appointments"). The owner saves
 * anyway — the appointments stay booked, to be moved or cancelled in the agenda — or goes back to
 * the form.
 */
import { useEffect, useRef } from 'react';
import type { SavedConfiguration } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { StrandedList } from './StrandedList.tsx';
import styles from './settings.module.css';

export function StrandedConfirm({
  appointments,
  pending,
  onAccept,
  onBack,
}: {
  appointments: SavedConfiguration['stranded'];
  pending: boolean;
  onAccept: () => void;
  onBack: () => void;
}) {
  const { t } = usePart('admin');
  const title = useRef<HTMLHeadingElement>(null);

  // The save button's answer is here, beside (or below) the form: the reader is brought to it.
  useEffect(() => {
    title.current?.focus();
  }, []);

  return (
    <div className={styles.strandedConfirm} data-testid="settings-stranded-confirm">
      <StrandedList appointments={appointments} pending titleRef={title} />
      <div className={styles.actions}>
        <Button
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onAccept();
          }}
          data-testid="settings-save-anyway"
        >
          {pending ? t('admin.settings.details.saving') : t('admin.settings.stranded.pending.accept')}
        </Button>
        <Button variant="secondary" onClick={onBack} data-testid="settings-keep-editing">
          {t('admin.settings.stranded.pending.back')}
        </Button>
      </div>
    </div>
  );
}
