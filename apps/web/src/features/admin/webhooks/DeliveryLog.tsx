/**
 * The delivery log (docs/webhooks.md "Answers, retries, dead deliveries"): latest first, a page at
 * a time, each with its event, endpoint, status, tries and last answer, and a replay.
 */
import { useId, useState } from 'react';
import {
  useReplayDelivery,
  useWebhookDeliveries,
  type WebhookDelivery,
} from '../../../api/admin-webhooks.ts';
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

const STATUS_STYLE = { pending: 'badgeOff', delivered: 'badgeOn', failed: 'badgeBad' } as const;

export function DeliveryLog() {
  const { t } = usePart('admin');
  const { when, event, error } = useWebhookText();
  const { group } = useGroupContext();
  const token = useSessionToken();
  const log = useWebhookDeliveries(group.id, token);
  const replay = useReplayDelivery(group.id);
  const [announce, setAnnounce] = useState('');
  const id = useId();
  const deliveries = log.data?.pages.flatMap((page) => page.records) ?? [];

  const lastAnswer = (delivery: WebhookDelivery) =>
    delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? '');

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="webhook-log">
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('admin.webhooks.log.title')}
      </h2>
      {log.isPending && <Spinner label={t('admin.webhooks.loading')} />}
      {log.isError && <ErrorMessage onRetry={() => void log.refetch()} />}
      {log.data && deliveries.length === 0 && <p className={styles.muted}>{t('admin.webhooks.log.none')}</p>}
      {deliveries.length > 0 && (
        <ul className={styles.rows}>
          {deliveries.map((delivery) => (
            <li key={delivery.id} className={styles.row} data-testid="webhook-delivery">
              <div className={styles.rowMain}>
                <span className={styles.rowTitle} id={`${id}-${delivery.id}`}>
                  {event(delivery.type)} · {when(delivery.created_at)}
                </span>
                <span className={styles.url}>{delivery.endpoint_url}</span>
                <span className={styles.muted}>
                  {t('admin.webhooks.log.tries', { n: delivery.attempts })}
                  {lastAnswer(delivery) && ` · ${lastAnswer(delivery)}`}
                </span>
              </div>
              <span className={styles[STATUS_STYLE[delivery.status]]} data-testid="webhook-delivery-status">
                {t(`admin.webhooks.status.${delivery.status}`)}
              </span>
              {delivery.status !== 'pending' && (
                <Button
                  variant="secondary"
                  size="s"
                  aria-describedby={`${id}-${delivery.id}`}
                  onClick={() =>
                    replay.mutate(delivery.id, {
                      onSuccess: () => setAnnounce(t('admin.webhooks.log.replayed')),
                    })
                  }
                  data-testid="webhook-replay"
                >
                  {t('admin.webhooks.log.replay')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button
          variant="secondary"
          size="s"
          aria-disabled={log.isFetchingNextPage || undefined}
          onClick={() => void log.fetchNextPage()}
          data-testid="webhook-log-more"
        >
          {t('admin.webhooks.log.more')}
        </Button>
      )}
      <p role="status" className={styles.status}>
        {announce}
      </p>
      {replay.isError && (
        <p className={`${forms.error} ${forms.dense}`} role="alert">
          <Icon name="alert" size={16} />
          <span>{error(replay.error)}</span>
        </p>
      )}
    </section>
  );
}
