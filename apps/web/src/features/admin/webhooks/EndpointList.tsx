/**
 * The group's endpoints (docs/webhooks.md "Endpoints"): address, events, paused or not, the secret
 * on demand, a test event, and deletion after a confirmation. Each button is described by its
 * endpoint's address, so that a screen reader tells the "Pause" of one from another's.
 */
import { useRef, useState } from 'react';
import {
  useDeleteWebhook,
  useRevealSecret,
  useTestWebhook,
  useUpdateWebhook,
  type WebhookEndpoint,
} from '../../../api/admin-webhooks.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { SecretBox } from './SecretBox.tsx';
import { useWebhookText } from './webhook-text.ts';
import styles from './webhooks.module.css';

export function EndpointList({ endpoints }: { endpoints: readonly WebhookEndpoint[] }) {
  const { t } = usePart('admin');
  const { event, error } = useWebhookText();
  const { group } = useGroupContext();
  const update = useUpdateWebhook(group.id);
  const remove = useDeleteWebhook(group.id);
  const test = useTestWebhook(group.id);
  const reveal = useRevealSecret(group.id);
  const [secrets, setSecrets] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState<WebhookEndpoint | null>(null);
  const [announce, setAnnounce] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  if (endpoints.length === 0)
    return (
      <p className={styles.muted} data-testid="webhook-none">
        {t('admin.webhooks.none')}
      </p>
    );

  const toggleSecret = (endpoint: WebhookEndpoint) => {
    if (secrets[endpoint.id]) {
      const { [endpoint.id]: _, ...rest } = secrets;
      setSecrets(rest);
      return;
    }
    reveal.mutate(endpoint.id, {
      onSuccess: ({ secret }) => setSecrets((shown) => ({ ...shown, [endpoint.id]: secret })),
    });
  };
  const failure = [update, test, reveal].find((mutation) => mutation.isError)?.error;

  return (
    <>
      <ul className={styles.cards} ref={listRef} tabIndex={-1} data-testid="webhook-list">
        {endpoints.map((endpoint) => {
          const urlId = `webhook-url-${endpoint.id}`;
          return (
            <li key={endpoint.id} className={styles.card} data-testid={`webhook-${endpoint.id}`}>
              <div className={styles.cardHead}>
                <span id={urlId} className={styles.url}>
                  {endpoint.url}
                </span>
                <span
                  className={endpoint.enabled ? styles.badgeOn : styles.badgeOff}
                  data-testid="webhook-state"
                >
                  {endpoint.enabled ? t('admin.webhooks.enabled') : t('admin.webhooks.paused')}
                </span>
              </div>
              <p className={styles.muted}>{endpoint.events.map(event).join(' · ')}</p>
              {secrets[endpoint.id] && <SecretBox secret={secrets[endpoint.id]!} />}
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  size="s"
                  aria-describedby={urlId}
                  aria-expanded={Boolean(secrets[endpoint.id])}
                  onClick={() => toggleSecret(endpoint)}
                  data-testid="webhook-secret-show"
                >
                  {secrets[endpoint.id] ? t('admin.webhooks.secret.hide') : t('admin.webhooks.secret.show')}
                </Button>
                <Button
                  variant="secondary"
                  size="s"
                  aria-describedby={urlId}
                  onClick={() =>
                    test.mutate(endpoint.id, { onSuccess: () => setAnnounce(t('admin.webhooks.testSent')) })
                  }
                  data-testid="webhook-test"
                >
                  {t('admin.webhooks.test')}
                </Button>
                <Button
                  variant="secondary"
                  size="s"
                  aria-describedby={urlId}
                  onClick={() => update.mutate({ hookId: endpoint.id, enabled: !endpoint.enabled })}
                  data-testid="webhook-toggle"
                >
                  {endpoint.enabled ? t('admin.webhooks.pause') : t('admin.webhooks.resume')}
                </Button>
                <Button
                  variant="danger"
                  size="s"
                  aria-describedby={urlId}
                  onClick={() => setConfirming(endpoint)}
                  data-testid="webhook-delete"
                >
                  {t('admin.webhooks.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p role="status" className={styles.status}>
        {announce}
      </p>
      {failure && (
        <p className={`${forms.error} ${forms.dense}`} role="alert">
          <Icon name="alert" size={16} />
          <span>{error(failure)}</span>
        </p>
      )}
      {confirming && (
        <Dialog
          role="alertdialog"
          dismissable={false}
          title={t('admin.webhooks.confirm.title')}
          onClose={() => setConfirming(null)}
          testId="webhook-confirm"
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() => setConfirming(null)}
                data-testid="webhook-confirm-keep"
              >
                {t('admin.webhooks.confirm.keep')}
              </Button>
              <Button
                variant="danger"
                aria-disabled={remove.isPending || undefined}
                onClick={() =>
                  remove.mutate(confirming.id, {
                    onSuccess: () => {
                      setConfirming(null);
                      setAnnounce(t('admin.webhooks.deleted'));
                      requestAnimationFrame(() => requestAnimationFrame(() => listRef.current?.focus()));
                    },
                  })
                }
                data-testid="webhook-confirm-delete"
              >
                {t('admin.webhooks.confirm.delete')}
              </Button>
            </>
          }
        >
          <p className={styles.url}>{confirming.url}</p>
          <p className={styles.muted}>{t('admin.webhooks.confirm.text')}</p>
          {remove.isError && (
            <p className={`${forms.error} ${forms.dense}`} role="alert">
              <Icon name="alert" size={16} />
              <span>{error(remove.error)}</span>
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
