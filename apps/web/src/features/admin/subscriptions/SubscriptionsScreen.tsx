/**
 * /{urlname}/admin/subscriptions — private calendar subscriptions (docs/back-office.md "Calendar
 * subscriptions"): make an address for one calendar or for "my appointments", copy it into a
 * calendar app (it is shown once: only its hash is kept), see and revoke the subscriptions. Owners
 * and managers also see the other members' subscriptions, to revoke a lost phone's.
 */
import { useMemo, useState } from 'react';
import { type CreatedFeed, useCalendarFeeds } from '../../../api/admin-calendar-feeds.ts';
import type { Membership } from '../../../api/admin-membership.ts';
import { useCalendars } from '../../../api/calendars.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { FeedAddress } from './FeedAddress.tsx';
import { FeedList } from './FeedList.tsx';
import { NewFeedForm } from './NewFeedForm.tsx';
import { SubscribeHelp } from './SubscribeHelp.tsx';
import styles from './subscriptions.module.css';

export function SubscriptionsScreen({ membership }: { membership: Membership }) {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const feeds = useCalendarFeeds(group.id, token);
  const calendars = useCalendars(group.id, { resource: false, locale: i18n.language });
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  // A staff member subscribes only to the calendars they work on; the server refuses the others anyway.
  const own = useMemo(
    () =>
      (calendars.data ?? []).filter(
        (calendar) => membership.calendar_ids === null || membership.calendar_ids.includes(calendar.id),
      ),
    [calendars.data, membership.calendar_ids],
  );

  return (
    <div data-testid="subscriptions-screen">
      <ScreenTitle title={t('admin.sections.subscriptions')} />
      <p className={styles.intro}>{t('admin.feeds.intro')}</p>
      <div className={styles.layout}>
        <div className={styles.main}>
          <NewFeedForm calendars={own} onCreated={setCreated} />
          {created && <FeedAddress key={created.id} feed={created} />}
          {feeds.isPending && <Spinner label={t('admin.feeds.loading')} />}
          {feeds.isError && <ErrorMessage onRetry={() => void feeds.refetch()} />}
          {feeds.data && (
            <FeedList
              feeds={feeds.data}
              onRevoked={(id) => setCreated((shown) => (shown?.id === id ? null : shown))}
            />
          )}
        </div>
        <SubscribeHelp />
      </div>
    </div>
  );
}
