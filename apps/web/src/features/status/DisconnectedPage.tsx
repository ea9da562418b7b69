/** /disconnected: shown after a single sign-on logout (docs/requirements/booking-flow.md §2). */

import { lastGroup } from '../../app/last-group.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation } from '../../routing/routing.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

export function DisconnectedPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const group = lastGroup();
  return (
    <PageMessage
      icon="logout"
      title={t('pages.disconnected.title')}
      testId="page-disconnected"
      actions={
        group ? (
          <ButtonLink to={{ pathname: `/${group.urlname}`, search }}>
            {t('pages.disconnected.back', { name: group.name })}
          </ButtonLink>
        ) : undefined
      }
    >
      <p>{t('pages.disconnected.text')}</p>
    </PageMessage>
  );
}
