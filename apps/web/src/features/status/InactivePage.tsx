/**
 * /inactive (docs/requirements/booking-flow.md §2): the group's name and phone, with the default message or an alternative
 * one — inactive.unauthorized when a closed group only allows single sign-on.
 */

import type { KnownGroup } from '../../app/last-group.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation } from '../../routing/routing.ts';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

interface InactiveState {
  group?: KnownGroup;
  reason?: 'unauthorized';
}

export function InactivePage() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: InactiveState | null };
  const group = state?.group;
  const variant = state?.reason === 'unauthorized' ? 'unauthorized' : 'default';
  const phone = group?.phone?.trim();
  return (
    <PageMessage
      icon={variant === 'unauthorized' ? 'shield' : 'calendar'}
      title={group?.name ?? t(`pages.inactive.${variant}.title`)}
      testId="page-inactive"
      actions={
        phone ? (
          <ButtonAnchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" />
            {t('pages.inactive.call', { phone })}
          </ButtonAnchor>
        ) : undefined
      }
    >
      {group && <p className="visually-hidden">{t(`pages.inactive.${variant}.title`)}</p>}
      <p data-testid="inactive-message">{t(`pages.inactive.${variant}.text`)}</p>
      {phone && <p>{t('pages.inactive.phoneHint')}</p>}
    </PageMessage>
  );
}
