/**
 * The platform's groups: a search over names and url names, and per group its state, creation
 * date and number of appointments, with its booking page and back office a click away. Closing
 * asks first (the booking page then says the business is closed; nothing is deleted); reopening
 * does not. The server keeps each change as a configuration version of the group.
 */
import { useId, useMemo, useState } from 'react';
import type { PlatformGroup } from '../../api/platform.ts';
import { useSetGroupActive } from '../../api/platform.ts';
import { usePart } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { matchesGroup } from './group-search.ts';
import styles from './platform.module.css';

export function PlatformGroups({ groups }: { groups: readonly PlatformGroup[] }) {
  const { t, i18n } = usePart('admin');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [closing, setClosing] = useState<PlatformGroup | null>(null);
  const setActive = useSetGroupActive();
  const [done, setDone] = useState('');
  const shown = useMemo(() => groups.filter((group) => matchesGroup(group, query)), [groups, query]);
  // Each group's creation day in its own zone, like every date a group shows.
  const date = (group: PlatformGroup) =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: group.time_zone,
    }).format(new Date(group.created));
  const count = new Intl.NumberFormat(i18n.language);

  const change = (group: PlatformGroup, active: boolean) =>
    setActive.mutate(
      { id: group.id, active },
      {
        onSuccess: () => {
          setClosing(null);
          setDone(t(active ? 'admin.platform.reopened' : 'admin.platform.closed', { name: group.name }));
        },
      },
    );

  return (
    <section className={styles.groups} aria-labelledby={`${searchId}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${searchId}-title`}>
          {t('admin.platform.groups')} <span className={styles.count}>{groups.length}</span>
        </h2>
        <div className={`${forms.field} ${styles.search}`}>
          <label className={forms.label} htmlFor={searchId}>
            {t('admin.platform.search')}
          </label>
          <input
            id={searchId}
            className={forms.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="platform-search"
          />
        </div>
      </div>
      <p className={styles.status} role="status" data-testid="platform-status">
        {done}
      </p>
      {setActive.isError && !closing && (
        <p className={styles.error} role="alert">
          {t('admin.platform.changeFailed')}
        </p>
      )}
      {shown.length === 0 ? (
        <p className={styles.empty}>{t('admin.platform.none')}</p>
      ) : (
        <ul className={styles.list} data-testid="platform-groups">
          {shown.map((group) => (
            <li
              key={group.id}
              className={styles.row}
              data-testid="platform-group"
              data-urlname={group.urlname}
            >
              <div className={styles.identity}>
                <h3>{group.name}</h3>
                <a href={`/${group.urlname}`}>/{group.urlname}</a>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('admin.platform.state')}</dt>
                  <dd>
                    <span
                      className={group.active ? styles.active : styles.inactive}
                      data-testid="platform-state"
                    >
                      {group.active ? t('admin.platform.active') : t('admin.platform.inactive')}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>{t('admin.platform.created')}</dt>
                  <dd>{date(group)}</dd>
                </div>
                <div>
                  <dt>{t('admin.platform.appointments')}</dt>
                  <dd>{count.format(group.appointments)}</dd>
                </div>
              </dl>
              <div className={styles.actions}>
                {group.active ? (
                  <Button
                    variant="secondary"
                    onClick={() => setClosing(group)}
                    aria-label={t('admin.platform.closeNamed', { name: group.name })}
                    data-testid="platform-close"
                  >
                    <Icon name="close" />
                    {t('admin.platform.close')}
                  </Button>
                ) : (
                  <Button
                    onClick={() => change(group, true)}
                    disabled={setActive.isPending}
                    aria-label={t('admin.platform.reopenNamed', { name: group.name })}
                    data-testid="platform-reopen"
                  >
                    <Icon name="refresh" />
                    {t('admin.platform.reopen')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {closing && (
        <Dialog
          title={t('admin.platform.confirmTitle', { name: closing.name })}
          role="alertdialog"
          dismissable={false}
          onClose={() => setClosing(null)}
          testId="platform-confirm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setClosing(null)}>
                {t('admin.platform.cancel')}
              </Button>
              <Button
                onClick={() => change(closing, false)}
                disabled={setActive.isPending}
                data-testid="platform-confirm-close"
              >
                {t('admin.platform.confirmClose')}
              </Button>
            </>
          }
        >
          <p>{t('admin.platform.confirmText')}</p>
          {setActive.isError && (
            <p className={styles.error} role="alert">
              {t('admin.platform.changeFailed')}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}
