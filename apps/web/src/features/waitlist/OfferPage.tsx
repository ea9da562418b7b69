/**
 * /{urlname}/waitlist/offer?offerKey=… (docs/waitlist.md): the time an offer mail holds, one "Book this
 * time" button, then the confirmation — or, when someone else was first, "this time has just been
 * taken" (the visitor stays on the list). Times on the group's wall clock, in the visitor's language.
 */
import { formatDateTime } from '@creneau/core/format/date-time';
import { confirmOffer, readOffer } from '../../api/waitlist.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useMutation, useQuery } from '../../query/query.ts';
import { useLocation } from '../../routing/routing.ts';
import { Button } from '../../ui/Button.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { offerOutcome } from './waitlist-errors.ts';

export function OfferPage() {
  const { t } = useTranslation();
  const { locale } = useGroupContext();
  const token = new URLSearchParams(useLocation().search).get('offerKey') ?? '';
  const offer = useQuery({
    queryKey: ['waitlist-offer', token],
    queryFn: () => readOffer(token),
    enabled: token !== '',
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => confirmOffer(token) });

  if (!token || offer.isError)
    return <PageMessage icon="alert" title={t('waitlist.offer.invalid')} testId="offer-invalid" />;
  if (!offer.data) return <Spinner label={t('common.loading')} />;
  const data = offer.data;
  const zone = { locale, timeZone: data.time_zone };
  const when = formatDateTime(new Date(data.start), zone);
  const outcome = confirm.isError ? offerOutcome(confirm.error) : null;

  if (confirm.isSuccess)
    return (
      <PageMessage icon="check" title={t('waitlist.offer.booked')} testId="offer-booked">
        <p>
          {data.service} — {when}
        </p>
      </PageMessage>
    );
  const closed =
    outcome ?? (data.status === 'open' ? null : data.status === 'accepted' ? 'used' : data.status);
  if (closed)
    return (
      <PageMessage
        icon="info"
        title={t(closed === 'failed' ? 'waitlist.errors.generic' : `waitlist.offer.${closed}`)}
        testId={`offer-${closed}`}
      >
        <p>
          {data.service} — {when}
        </p>
      </PageMessage>
    );
  return (
    <PageMessage
      icon="calendar"
      title={t('waitlist.offer.title')}
      testId="offer-open"
      actions={
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending} data-testid="offer-book">
          {t('waitlist.offer.book')}
        </Button>
      }
    >
      <p>
        <strong>{data.service}</strong>
        {data.calendar ? ` — ${data.calendar}` : ''}
      </p>
      <p data-testid="offer-when">{when}</p>
      <p>
        {data.moves_from
          ? t('waitlist.offer.moveLead', { date: formatDateTime(new Date(data.moves_from), zone) })
          : t('waitlist.offer.lead')}
      </p>
      <p>{t('waitlist.offer.expires', { date: formatDateTime(new Date(data.expires_at), zone) })}</p>
      {confirm.isPending && <Spinner label={t('common.loading')} />}
    </PageMessage>
  );
}
