/**
 * The frame of every settings sub-view that edits the configuration (business details, services,
 * places, opening hours, rules, booking steps, contact form, theme): reads the configuration, shows
 * a form over it and, after a save, the version it made, what changed and the appointments it
 * stranded; a save that would strand appointments is first refused by the server with their list,
 * and the owner saves anyway or goes back (StrandedConfirm). The form starts again from the
 * server's document after every save or reload, so it never edits a stale copy. Also the failure
 * block the forms share: the 422 problems the form does not show on a field, and the 409 offer to
 * load the latest version.
 */
import { type ComponentType, useEffect, useRef, useState } from 'react';
import {
  type ConfigurationDocument,
  type SavedConfiguration,
  useConfiguration,
  useSaveConfiguration,
  wouldStrand,
} from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ChangeList } from './ChangeList.tsx';
import { StrandedConfirm } from './StrandedConfirm.tsx';
import { StrandedList } from './StrandedList.tsx';
import styles from './settings.module.css';

export interface EditorFormProps {
  version: number;
  document: ConfigurationDocument;
  save: ReturnType<typeof useSaveConfiguration>;
  onSaved: (saved: SavedConfiguration) => void;
  /** Called on every edit: the last save's answer, or its failure, no longer applies. */
  onEdit: () => void;
  onReload: () => void;
}

export function ConfigurationEditor({ form: Form }: { form: ComponentType<EditorFormProps> }) {
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
  const layout = useRef<HTMLDivElement>(null);

  // The form starts again after a save, so the focus goes to what the save did.
  useEffect(() => {
    if (saved) savedTitle.current?.focus();
  }, [saved]);

  if (configuration.isPending) return <Spinner label={t('admin.loading')} />;
  if (configuration.isError) return <ErrorMessage onRetry={() => void configuration.refetch()} />;
  const { version, document } = configuration.data;
  const toConfirm = wouldStrand(save.error);
  return (
    <div className={styles.detailsLayout} ref={layout}>
      <Form
        key={`${version}-${reloads}`}
        version={version}
        document={document}
        save={save}
        onSaved={setSaved}
        onEdit={() => {
          setSaved(null);
          if (save.isError) save.reset();
        }}
        onReload={() => {
          setSaved(null);
          save.reset();
          void configuration.refetch().then(() => setReloads((n) => n + 1));
        }}
      />
      {toConfirm && save.variables && (
        <StrandedConfirm
          appointments={toConfirm}
          pending={save.isPending}
          onAccept={() => save.mutate({ ...save.variables, accept_stranded: true }, { onSuccess: setSaved })}
          onBack={() => {
            save.reset();
            // The form keeps its edits; the reader goes back to where they were.
            layout.current?.querySelector<HTMLElement>('[data-testid="settings-save"]')?.focus();
          }}
        />
      )}
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
            <StrandedList appointments={saved.stranded} />
          </section>
        )}
      </div>
    </div>
  );
}

/** The words of a failed save; null while none failed. */
export function useSaveFailure(save: EditorFormProps['save'], fieldsMarked: boolean) {
  const { t } = usePart('admin');
  const error = save.error instanceof ApiError ? save.error : null;
  // Appointments the save would strand are asked about beside the form (StrandedConfirm).
  if (wouldStrand(error)) return { message: null, conflict: false, refused: false };
  const conflict = error?.status === 409;
  const refused = error?.status === 422;
  const message = !save.isError
    ? null
    : conflict
      ? t('admin.settings.errors.conflict')
      : refused
        ? fieldsMarked
          ? t('admin.settings.errors.invalid')
          : t('admin.settings.errors.elsewhere')
        : error?.status === 403
          ? t('admin.settings.errors.forbidden')
          : t('admin.settings.errors.generic');
  return { message, conflict, refused };
}

/** The save button, the version edited, and the failure block under them. */
export function SaveBar({
  save,
  version,
  failure,
  others,
  localMessage,
  onReload,
}: {
  save: EditorFormProps['save'];
  version: number;
  failure: ReturnType<typeof useSaveFailure>;
  others: readonly string[];
  /** The browser's own refusal, before any request. */
  localMessage: string | null;
  onReload: () => void;
}) {
  const { t } = usePart('admin');
  const message = localMessage ?? failure.message;
  return (
    <>
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={save.isPending || undefined} data-testid="settings-save">
          {save.isPending ? t('admin.settings.details.saving') : t('admin.settings.details.save')}
        </Button>
        <span className={styles.versionNote}>{t('admin.settings.details.version', { version })}</span>
      </div>
      <div aria-live="assertive">
        {message && (
          <div className={styles.formError} role="alert" data-testid="settings-error">
            <p className={forms.error}>
              <Icon name="alert" size={18} />
              <span>{message}</span>
            </p>
            {!localMessage && failure.refused && others.length > 0 && (
              <ul className={styles.otherProblems}>
                {others.map((line) => (
                  <li key={line}>
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            )}
            {!localMessage && failure.conflict && (
              <Button variant="secondary" size="s" onClick={onReload} data-testid="settings-reload">
                <Icon name="refresh" size={18} />
                {t('admin.settings.details.reload')}
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
