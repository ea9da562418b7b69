/**
 * /{urlname}/waitlist/leave?leaveKey=… (docs/waitlist.md): leaving the waiting list from a mail's link.
 * Asked with a button rather than on opening, so that a mail scanner following links leaves no one.
 */
import { leaveWaitlist } from '../../api/waitlist.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMutation } from '../../query/query.ts';
import { useLocation } from '../../routing/routing.ts';
import { Button } from '../../ui/Button.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

export function LeavePage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useLocation().search).get('leaveKey') ?? '';
  const leave = useMutation({ mutationFn: () => leaveWaitlist(token) });
  if (!token || leave.isError)
    return <PageMessage icon="alert" title={t('waitlist.offer.invalid')} testId="leave-invalid" />;
  if (leave.isSuccess)
    return <PageMessage icon="check" title={t('waitlist.leave.done')} testId="leave-done" />;
  return (
    <PageMessage
      icon="info"
      title={t('waitlist.leave.title')}
      actions={
        <Button onClick={() => leave.mutate()} disabled={leave.isPending} data-testid="leave-confirm">
          {t('waitlist.leave.confirm')}
        </Button>
      }
    >
      <p>{t('waitlist.leave.lead')}</p>
    </PageMessage>
  );
}
