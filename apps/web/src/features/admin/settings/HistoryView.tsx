/**
 * The history sub-view (docs/group-configuration.md "Versions"): every saved version, newest
 * first, with when, who and how; one chosen shows what differs from it to the current one, and can
 * be restored — as a new version, after a confirmation (the back office's absences stay).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type ConfigurationVersion,
  type SavedConfiguration,
  useConfigurationVersions,
  useRestoreVersion,
  useVersionDiff,
} from '../../../api/admin-settings.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ChangeList } from './ChangeList.tsx';
import { RestoreDialog } from './RestoreDialog.tsx';
import { StrandedList } from './StrandedList.tsx';
import styles from './settings.module.css';

export function HistoryView() {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const versions = useConfigurationVersions(group.id, token);
  const [selected, setSelected] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** What the last restore stranded (docs/back-office.md "Stranded appointments"). */
  const [stranded, setStranded] = useState<SavedConfiguration['stranded']>([]);
  const status = useRef<HTMLParagraphElement>(null);
  const id = useId();

  // After a restore the dialog's button may be gone (the version now equals the current one): the
  // focus goes to the news instead, once the dialog has handed it back.
  useEffect(() => {
    if (!announcement) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => status.current?.focus()));
    return () => cancelAnimationFrame(frame);
  }, [announcement]);
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: group.timezone,
      }),
    [i18n.language, group.timezone],
  );

  if (versions.isPending) return <Spinner label={t('admin.loading')} />;
  if (versions.isError) return <ErrorMessage onRetry={() => void versions.refetch()} />;
  const list = versions.data;
  const latest = list[0]?.version ?? 0;

  const how = (row: ConfigurationVersion) =>
    row.source === 'restore' && row.restored_from !== null
      ? t('admin.settings.history.source.restoredFrom', { version: row.restored_from })
      : t(`admin.settings.history.source.${row.source}`);

  return (
    <div className={styles.historyLayout}>
      <p
        role="status"
        ref={status}
        tabIndex={-1}
        className={styles.announcement}
        data-testid="settings-history-status"
      >
        {announcement}
      </p>
      <StrandedList appointments={stranded} />
      <section className={styles.panel} aria-labelledby={`${id}-versions`}>
        <h2 id={`${id}-versions`} className={styles.panelTitle}>
          {t('admin.settings.history.versions')}
        </h2>
        {list.length === 0 ? (
          <p className={styles.hint}>{t('admin.settings.history.none')}</p>
        ) : (
          <ul className={styles.versions} data-testid="settings-versions">
            {list.map((row) => (
              <li key={row.version}>
                <button
                  type="button"
                  className={styles.version}
                  aria-pressed={selected === row.version}
                  onClick={() => {
                    setAnnouncement('');
                    setSelected(row.version);
                  }}
                  data-testid="settings-version"
                  data-version={row.version}
                >
                  <span className={styles.versionTop}>
                    <span className={styles.versionNumber}>
                      {t('admin.settings.history.version', { version: row.version })}
                    </span>
                    {row.version === latest && (
                      <span className={styles.currentTag}>{t('admin.settings.history.current')}</span>
                    )}
                  </span>
                  <span className={styles.versionMeta}>
                    <time dateTime={row.created_at}>{when.format(new Date(row.created_at))}</time>
                    {' · '}
                    {row.author
                      ? t('admin.settings.history.by', { name: row.author })
                      : t('admin.settings.history.noAuthor')}
                  </span>
                  <span className={styles.versionHow}>{how(row)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected !== null && (
        <VersionDiff
          key={selected}
          version={selected}
          latest={latest}
          onRestored={(made, left) => {
            setAnnouncement(t('admin.settings.history.restored', { version: selected, made: made }));
            setStranded(left);
          }}
        />
      )}
    </div>
  );
}

function VersionDiff({
  version,
  latest,
  onRestored,
}: {
  version: number;
  latest: number;
  onRestored: (made: number, stranded: SavedConfiguration['stranded']) => void;
}) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const diff = useVersionDiff(group.id, token, version, latest);
  const restore = useRestoreVersion(group.id, group.urlname);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // A choice in the list (each one mounts this anew) brings the reader to its changes, which are
  // below the list on a narrow screen.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-diff`} data-testid="settings-diff">
      <h2 id={`${id}-diff`} ref={heading} tabIndex={-1} className={styles.panelTitle}>
        {version === latest
          ? t('admin.settings.history.currentTitle', { version })
          : t('admin.settings.history.diffTitle', { version, latest })}
      </h2>
      {version === latest ? (
        <p className={styles.hint}>{t('admin.settings.history.isCurrent')}</p>
      ) : diff.isPending ? (
        <Spinner label={t('admin.loading')} />
      ) : diff.isError ? (
        <ErrorMessage onRetry={() => void diff.refetch()} />
      ) : (
        <>
          {diff.data.changes.length === 0 ? (
            <p className={styles.hint}>{t('admin.settings.history.same')}</p>
          ) : (
            <>
              <p className={styles.hint}>{t('admin.settings.history.diffHint', { version })}</p>
              <ChangeList changes={diff.data.changes} testId="settings-diff-changes" />
            </>
          )}
          {diff.data.changes.length > 0 && (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="settings-restore">
                {t('admin.settings.history.restore')}
              </Button>
            </div>
          )}
        </>
      )}
      {confirming && (
        <RestoreDialog
          version={version}
          pending={restore.isPending}
          error={restore.error}
          onCancel={() => {
            restore.reset();
            setConfirming(false);
          }}
          onConfirm={(acceptStranded) =>
            restore.mutate(
              { version, basedOn: latest, acceptStranded },
              {
                onSuccess: (answer) => {
                  setConfirming(false);
                  onRestored(answer.version, answer.stranded);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
