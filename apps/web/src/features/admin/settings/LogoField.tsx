/**
 * The logo of the theme form (docs/back-office.md "Images"): the current logo, a button to upload
 * another (sent at once; the server keeps it resized and answers its URL, which the form then holds
 * until it is saved) and one to go back to the name's initials. The browser refuses a file over the
 * limit before sending it; the server decides whether the rest is an image.
 */
import { MAX_IMAGE_BYTES } from '@creneau/contract/image-limits';
import { type ChangeEvent, useId, useState } from 'react';
import { useUploadImage } from '../../../api/admin-images.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import settings from './settings.module.css';
import styles from './theme.module.css';
import { type UploadProblem, uploadProblemOf } from './upload-problem.ts';

export function LogoField({
  groupId,
  logoUrl,
  invalid,
  onChange,
}: {
  groupId: number;
  logoUrl: string | null;
  /** The server refused the saved address. */
  invalid: boolean;
  onChange: (url: string | null) => void;
}) {
  const { t } = usePart('admin');
  const id = useId();
  const upload = useUploadImage(groupId);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [uploaded, setUploaded] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploaded(false);
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem('size');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        onChange(answer.variants.logo.url);
        setUploaded(true);
      },
      onError: (error) => setProblem(uploadProblemOf(error)),
    });
  };

  return (
    <fieldset className={settings.fieldset} aria-describedby={`${id}-hint`}>
      <legend className={settings.legend}>{t('admin.settings.theme.logo.legend')}</legend>
      <p id={`${id}-hint`} className={settings.hint}>
        {t('admin.settings.theme.logo.hint')}
      </p>
      <div className={styles.logoRow}>
        <div className={styles.logoFrame}>
          {logoUrl ? (
            <img
              className={styles.logoImage}
              src={logoUrl}
              alt={t('admin.settings.theme.logo.current')}
              data-testid="theme-logo-image"
            />
          ) : (
            <span className={styles.logoNone}>{t('admin.settings.theme.logo.none')}</span>
          )}
        </div>
        <div className={styles.logoActions}>
          <label className={buttonClass({ variant: 'secondary', size: 's' }, styles.upload)}>
            <Icon name="star" size={16} />
            {upload.isPending
              ? t('admin.settings.theme.logo.uploading')
              : logoUrl
                ? t('admin.settings.theme.logo.replace')
                : t('admin.settings.theme.logo.upload')}
            <input
              type="file"
              className="visually-hidden"
              accept="image/png,image/jpeg,image/webp"
              disabled={upload.isPending}
              onChange={choose}
              data-testid="theme-logo-file"
            />
          </label>
          {logoUrl && (
            <Button
              variant="ghost"
              size="s"
              onClick={() => {
                setUploaded(false);
                onChange(null);
              }}
              data-testid="theme-logo-remove"
            >
              <Icon name="close" size={16} />
              {t('admin.settings.theme.logo.remove')}
            </Button>
          )}
        </div>
      </div>
      <div role="status" data-testid="theme-logo-status">
        {uploaded && <p className={styles.uploaded}>{t('admin.settings.theme.logo.uploaded')}</p>}
      </div>
      {(problem || invalid) && (
        <p className={forms.error} role="alert" data-testid="theme-logo-error">
          <Icon name="alert" size={16} />
          <span>{t(`admin.settings.theme.logo.errors.${problem ?? 'address'}`)}</span>
        </p>
      )}
    </fieldset>
  );
}
