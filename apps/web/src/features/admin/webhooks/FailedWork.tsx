/**
 * Work that could not be done (docs/jobs.md, docs/webhooks.md): the group's dead jobs with their
 * last error, each put back in the queue on request.
 */
import { useId, useState } from 'react';
import { useFailedWork, useRetryFailedWork } from '../../../api/admin-webhooks.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useWebhookText } from './webhook-text.ts';
import styles from './webhooks.module.css';

export function FailedWork() {
  const { t } = usePart('admin');
  const { when, job, error } = useWebhookText();
  const { group } = useGroupContext();
  const token = useSessionToken();
  const failed = useFailedWork(group.id, token);
  const retry = useRetryFailedWork(group.id);
  const [announce, setAnnounce] = useState('');
  const id = useId();

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="failed-work">
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('admin.webhooks.failed.title')}
      </h2>
      <p className={styles.muted}>{t('admin.webhooks.failed.intro')}</p>
      {failed.isPending && <Spinner label={t('admin.webhooks.loading')} />}
      {failed.isError && <ErrorMessage onRetry={() => void failed.refetch()} />}
      {failed.data?.length === 0 && <p className={styles.muted}>{t('admin.webhooks.failed.none')}</p>}
      {failed.data && failed.data.length > 0 && (
        <ul className={styles.rows}>
          {failed.data.map((dead) => (
            <li key={dead.id} className={styles.row} data-testid="failed-job">
              <div className={styles.rowMain}>
                <span className={styles.rowTitle} id={`${id}-${dead.id}`}>
                  {job(dead.kind)} · {when(dead.finished_at ?? dead.created_at)}
                </span>
                <span className={styles.muted}>
                  {t('admin.webhooks.log.tries', { n: dead.attempts })}
                  {dead.last_error && ` · ${dead.last_error}`}
                </span>
              </div>
              <Button
                variant="secondary"
                size="s"
                aria-describedby={`${id}-${dead.id}`}
                onClick={() =>
                  retry.mutate(dead.id, { onSuccess: () => setAnnounce(t('admin.webhooks.failed.retried')) })
                }
                data-testid="failed-job-retry"
              >
                {t('admin.webhooks.failed.retry')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={styles.status}>
        {announce}
      </p>
      {retry.isError && (
        <p className={`${forms.error} ${forms.dense}`} role="alert">
          <Icon name="alert" size={16} />
          <span>{error(retry.error)}</span>
        </p>
      )}
    </section>
  );
}
