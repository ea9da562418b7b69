/**
 * /{urlname}/admin/webhooks — the group's webhooks (docs/webhooks.md): its endpoints and the form
 * that adds one, the delivery log with replays, and the work that could not be done. Owners only.
 */
import { useWebhooks } from '../../../api/admin-webhooks.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { EndpointList } from './EndpointList.tsx';
import { FailedWork } from './FailedWork.tsx';
import styles from './webhooks.module.css';

export function WebhooksScreen() {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const endpoints = useWebhooks(group.id, token);
  return (
    <div className={styles.screen} data-testid="webhooks-screen">
      <ScreenTitle title={t('admin.sections.webhooks')} />
      <p className={styles.intro}>{t('admin.webhooks.intro')}</p>
      <section className={styles.panel} aria-labelledby="webhook-endpoints-title">
        <h2 id="webhook-endpoints-title" className={styles.heading}>
          {t('admin.webhooks.endpoints')}
        </h2>
        {endpoints.isPending && <Spinner label={t('admin.webhooks.loading')} />}
        {endpoints.isError && <ErrorMessage onRetry={() => void endpoints.refetch()} />}
        {endpoints.data && <EndpointList endpoints={endpoints.data} />}
      </section>
      <EndpointForm />
      <DeliveryLog />
      <FailedWork />
    </div>
  );
}
