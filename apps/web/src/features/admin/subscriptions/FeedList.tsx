/**
 * The subscriptions the caller may see — their own first, then (for owners and managers) the other
 * members' — each revocable after a confirmation. A revoked address answers 404 at once.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type CalendarFeed, useRevokeCalendarFeed } from '../../../api/admin-calendar-feeds.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './subscriptions.module.css';

export function FeedList({
  feeds,
  onRevoked,
}: {
  feeds: readonly CalendarFeed[];
  onRevoked: (id: number) => void;
}) {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const revoke = useRevokeCalendarFeed(group.id, token);
  const headingId = useId();
  const listRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const [confirming, setConfirming] = useState<CalendarFeed | null>(null);
  const [announce, setAnnounce] = useState('');
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        timeZone: group.timezone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [i18n.language, group.timezone],
  );

  // The revoked row's button is gone: once the dialog has handed the focus back, it goes to the list.
  useEffect(() => {
    if (confirming || !refocus.current) return;
    refocus.current = false;
    requestAnimationFrame(() => requestAnimationFrame(() => listRef.current?.focus()));
  }, [confirming]);

  const whatOf = (feed: CalendarFeed) =>
    feed.calendar_id === null
      ? feed.mine
        ? t('admin.feeds.list.mine')
        : t('admin.feeds.list.memberAll', { name: feed.owner_name })
      : (feed.calendar_name ?? '');

  const confirm = () => {
    if (!confirming || revoke.isPending) return;
    const feed = confirming;
    revoke.mutate(feed.id, {
      onSuccess: () => {
        setConfirming(null);
        setAnnounce(t('admin.feeds.revoked', { what: whatOf(feed) }));
        refocus.current = true;
        onRevoked(feed.id);
      },
    });
  };

  return (
    <section
      className={styles.panel}
      aria-labelledby={headingId}
      ref={listRef}
      tabIndex={-1}
      data-testid="feed-list"
    >
      <h2 id={headingId} className={styles.heading}>
        {t('admin.feeds.list.title')}
      </h2>
      <p className="visually-hidden" role="status" data-testid="feed-list-status">
        {announce}
      </p>
      {feeds.length === 0 ? (
        <p className={styles.meta} data-testid="feed-list-empty">
          {t('admin.feeds.list.empty')}
        </p>
      ) : (
        <ul className={styles.list}>
          {feeds.map((feed) => (
            <li key={feed.id} className={styles.item} data-testid="feed-item" data-feed-id={feed.id}>
              <div className={styles.who}>
                <span className={styles.what}>{whatOf(feed)}</span>
                <span className={styles.meta}>
                  {feed.mine
                    ? t('admin.feeds.list.created', { date: dateFormat.format(new Date(feed.created_at)) })
                    : t('admin.feeds.list.by', {
                        name: feed.owner_name,
                        date: dateFormat.format(new Date(feed.created_at)),
                      })}
                </span>
                <span className={styles.meta}>
                  {feed.last_fetched_at
                    ? t('admin.feeds.list.fetched', {
                        date: dateFormat.format(new Date(feed.last_fetched_at)),
                      })
                    : t('admin.feeds.list.neverFetched')}
                </span>
              </div>
              <Button
                variant="secondary"
                size="s"
                onClick={() => {
                  revoke.reset();
                  setConfirming(feed);
                }}
                data-testid="feed-revoke"
              >
                {t('admin.feeds.revoke')}
                <span className="visually-hidden"> · {whatOf(feed)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Dialog
          role="alertdialog"
          dismissable={false}
          title={t('admin.feeds.confirm.title')}
          onClose={() => setConfirming(null)}
          testId="feed-confirm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} data-testid="feed-confirm-keep">
                {t('admin.feeds.confirm.keep')}
              </Button>
              <Button
                variant="danger"
                aria-disabled={revoke.isPending || undefined}
                onClick={confirm}
                data-testid="feed-confirm-revoke"
              >
                {t('admin.feeds.confirm.revoke')}
              </Button>
            </>
          }
        >
          <p className={styles.what}>{whatOf(confirming)}</p>
          <p className={styles.meta}>{t('admin.feeds.confirm.text')}</p>
          {revoke.isError && (
            <p className={styles.error} role="alert">
              <Icon name="alert" size={16} />
              <span>{t('admin.feeds.errors.revoke')}</span>
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}
