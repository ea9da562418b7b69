/**
 * The live agenda (docs/back-office.md "Live agenda") with the one thing a person needs to know of
 * it: nothing while it works; a quiet line while it is down, saying the schedule may be behind.
 */
import { useAgendaLive } from '../../api/admin-live.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import styles from './appointment-actions.module.css';

export function AgendaLiveStatus() {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const { state, reconnect } = useAgendaLive(group.id, token);
  const down = state === 'retrying' || (state === 'stopped' && token !== null);
  return (
    <p role="status" className={down ? styles.live : 'visually-hidden'} data-testid="agenda-live">
      {down && (
        <>
          <span className={styles.liveDot} aria-hidden="true" />
          <span>
            {t('admin.live.down')}
            {state === 'retrying' && (
              <>
                {' '}
                <button
                  type="button"
                  className={styles.liveRetry}
                  onClick={reconnect}
                  data-testid="agenda-live-retry"
                >
                  {t('admin.live.retry')}
                </button>
              </>
            )}
          </span>
        </>
      )}
    </p>
  );
}
