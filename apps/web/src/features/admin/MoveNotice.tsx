/**
 * How an appointment's move by dragging went: said politely when done, as an alert when refused,
 * with a button that dismisses it (docs/back-office.md "Appointment detail").
 */
import { usePart } from '../../i18n/i18n.ts';
import board from './board.module.css';
import type { MoveNotice as Notice } from './use-drop-move.ts';

export function MoveNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = usePart('admin');
  return (
    <div
      className={notice.kind === 'error' ? board.noticeError : board.noticeDone}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="agenda-move-notice"
    >
      <span>{notice.text}</span>
      <button
        type="button"
        className={board.noticeClose}
        onClick={onDismiss}
        aria-label={t('admin.drag.dismiss')}
      >
        ×
      </button>
    </div>
  );
}
