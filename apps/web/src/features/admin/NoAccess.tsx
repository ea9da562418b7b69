/**
 * The back office refused: the person is logged in but has no right to the agenda of this group
 * (docs/back-office.md "Roles"). Call-centre members are told what they can do instead: book.
 */
import type { StaffRole } from '@creneau/contract/endpoints/backoffice';
import { useGroupLink } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

export function NoAccess({ role }: { role?: StaffRole }) {
  const { t } = usePart('admin');
  const { group, session, steps } = useGroupContext();
  const link = useGroupLink();
  const first = steps.find((step) => step.name !== 'login')?.name;
  const email = session.account?.email ?? session.pro?.email ?? '';
  return (
    <PageMessage
      icon="shield"
      tone="warning"
      title={t('admin.noAccess.title')}
      testId="admin-no-access"
      actions={
        <ButtonLink to={link(role === 'callcentre' && first ? `book/${first}` : '')} variant="secondary">
          <Icon name={role === 'callcentre' ? 'calendar' : 'home'} />
          {role === 'callcentre' ? t('admin.noAccess.book') : t('admin.noAccess.back')}
        </ButtonLink>
      }
    >
      <p>
        {email
          ? t('admin.noAccess.textAs', { email, name: group.name })
          : t('admin.noAccess.text', { name: group.name })}
      </p>
      <p>{role === 'callcentre' ? t('admin.noAccess.callcentre') : t('admin.noAccess.ask')}</p>
    </PageMessage>
  );
}
