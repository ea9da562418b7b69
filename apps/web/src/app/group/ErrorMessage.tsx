/** The generic error message (docs/requirements/booking-flow.md §2 screen 9, key "error"), with a retry. */
import { useTranslation } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

export function ErrorMessage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      icon="alert"
      tone="warning"
      title={t('pages.error.title')}
      testId="page-error"
      actions={
        <Button onClick={onRetry ?? (() => window.location.reload())}>
          <Icon name="refresh" />
          {t('pages.error.retry')}
        </Button>
      }
    >
      <p>{t('pages.error.text')}</p>
    </PageMessage>
  );
}
