/**
 * The business details sub-view: reads the configuration, shows the form over it and, after a save,
 * the version it made and what changed. The form starts again from the server's document after
 * every save or reload, so it never edits a stale copy.
 */
import { useEffect, useRef, useState } from 'react';
import {
  type SavedConfiguration,
  useConfiguration,
  useSaveConfiguration,
} from '../../../api/admin-settings.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { ChangeList } from './ChangeList.tsx';
import styles from './settings.module.css';

export function BusinessDetails() {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const configuration = useConfiguration(group.id, token);
  // Held here, not in the form: a save refreshes the document, which starts the form again, and
  // the save's answer must outlive that.
  const save = useSaveConfiguration(group.id, group.urlname);
  const [saved, setSaved] = useState<SavedConfiguration | null>(null);
  const [reloads, setReloads] = useState(0);
  const savedTitle = useRef<HTMLParagraphElement>(null);

  // The form starts again after a save, so the focus goes to what the save did.
  useEffect(() => {
    if (saved) savedTitle.current?.focus();
  }, [saved]);

  if (configuration.isPending) return <Spinner label={t('admin.loading')} />;
  if (configuration.isError) return <ErrorMessage onRetry={() => void configuration.refetch()} />;
  const { version, document } = configuration.data;
  return (
    <div className={styles.detailsLayout}>
      <BusinessForm
        key={`${version}-${reloads}`}
        version={version}
        document={document}
        save={save}
        onSaved={setSaved}
        onEdit={() => setSaved(null)}
        onReload={() => {
          setSaved(null);
          save.reset();
          void configuration.refetch().then(() => setReloads((n) => n + 1));
        }}
      />
      <div role="status" className={styles.savedArea} data-testid="settings-saved">
        {saved && (
          <section className={styles.savedPanel} aria-label={t('admin.settings.saved.label')}>
            <p
              className={styles.savedTitle}
              ref={savedTitle}
              tabIndex={-1}
              data-testid="settings-saved-title"
            >
              <Icon name="check" size={20} />
              {saved.changes.length > 0
                ? t('admin.settings.saved.version', { version: saved.version })
                : t('admin.settings.saved.nothing')}
            </p>
            {saved.changes.length > 0 && (
              <>
                <p className={styles.hint}>{t('admin.settings.saved.changed')}</p>
                <ChangeList changes={saved.changes} testId="settings-saved-changes" />
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
