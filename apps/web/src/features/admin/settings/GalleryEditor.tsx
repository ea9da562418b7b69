/**
 * The mini-site's photo gallery (docs/group-configuration.md "`website`", docs/back-office.md
 * "Images"): several images uploaded at once (each kept in the gallery's size, its URL held until
 * the form is saved), each with its alt text for people who cannot see it, moved up or down, and
 * removed. The browser refuses a file over the limit before sending it; the server decides
 * whether the rest is an image, and checks every address again when the form is saved.
 */
import { MAX_IMAGE_BYTES } from '@creneau/contract/image-limits';
import { type ChangeEvent, useId, useState } from 'react';
import { useUploadImage } from '../../../api/admin-images.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import settings from './settings.module.css';
import styles from './site.module.css';
import { type GalleryImage, MAX_ALT, MAX_IMAGES, movedImage, type SiteField } from './site-draft.ts';
import { type UploadProblem, uploadProblemOf } from './upload-problem.ts';

export function GalleryEditor({
  groupId,
  images,
  invalid,
  register,
  onChange,
  focus,
}: {
  groupId: number;
  images: readonly GalleryImage[];
  invalid: readonly SiteField[];
  register: (key: string) => (element: HTMLElement | null) => void;
  /** Changes the gallery from its latest state (uploads finish one after another). */
  onChange: (change: (images: GalleryImage[]) => GalleryImage[]) => void;
  /** Names the element to focus once the next render has drawn it. */
  focus: (key: string) => void;
}) {
  const { t } = usePart('admin');
  const id = useId();
  const upload = useUploadImage(groupId);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [added, setAdded] = useState(0);
  const full = images.length >= MAX_IMAGES;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, MAX_IMAGES - images.length);
    event.target.value = '';
    setProblem(null);
    setAdded(0);
    let count = 0;
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) {
        setProblem('size');
        continue;
      }
      try {
        const answer = await upload.mutateAsync(file);
        onChange((current) =>
          current.length >= MAX_IMAGES
            ? current
            : [...current, { url: answer.variants.gallery.url, alt: '' }],
        );
        count += 1;
        setAdded(count);
      } catch (error) {
        setProblem(uploadProblemOf(error));
      }
    }
    // The first new image's description is what the owner writes next.
    if (count > 0) focus(`image-${images.length}`);
  };

  const move = (index: number, by: -1 | 1) => {
    onChange((current) => movedImage(current, index, by));
    const to = index + by;
    // The same button at the image's new place, or the other one at an end of the list.
    const direction = by < 0 ? (to > 0 ? 'up' : 'down') : to < images.length - 1 ? 'down' : 'up';
    focus(`image-${to}-${direction}`);
  };
  const remove = (index: number) => {
    onChange((current) => current.filter((_, at) => at !== index));
    focus(images.length > 1 ? `image-${Math.min(index, images.length - 2)}` : 'images');
  };

  return (
    <fieldset className={settings.fieldset} aria-describedby={`${id}-hint`} data-testid="site-gallery">
      <legend className={settings.legend}>{t('admin.settings.site.gallery.legend')}</legend>
      <p id={`${id}-hint`} className={settings.hint}>
        {t('admin.settings.site.gallery.hint', { max: MAX_IMAGES })}
      </p>
      {images.length === 0 && <p className={settings.hint}>{t('admin.settings.site.gallery.empty')}</p>}
      <ol className={styles.gallery}>
        {images.map((image, index) => {
          const key = `image-${index}`;
          const bad = invalid.includes(key as SiteField);
          return (
            // The same address twice is told apart by which occurrence it is.
            <li
              key={`${image.url}#${images.slice(0, index).filter((other) => other.url === image.url).length}`}
              className={styles.galleryItem}
              data-testid="site-gallery-item"
            >
              <img className={styles.galleryThumb} src={image.url} alt="" />
              <div className={styles.galleryFields}>
                <div className={forms.field}>
                  <label className={forms.label} htmlFor={`${id}-${key}`}>
                    {t('admin.settings.site.gallery.alt', { number: index + 1 })}
                  </label>
                  <input
                    id={`${id}-${key}`}
                    ref={register(key)}
                    className={forms.input}
                    type="text"
                    maxLength={MAX_ALT}
                    autoComplete="off"
                    value={image.alt}
                    onChange={(event) =>
                      onChange((current) =>
                        current.map((item, at) =>
                          at === index ? { ...item, alt: event.target.value } : item,
                        ),
                      )
                    }
                    aria-invalid={bad || undefined}
                    aria-describedby={bad ? `${id}-${key}-error` : undefined}
                    data-testid="site-gallery-alt"
                  />
                  {bad && (
                    <FieldProblem id={`${id}-${key}-error`} testId="site-gallery-error">
                      {t('admin.settings.site.errors.image')}
                    </FieldProblem>
                  )}
                </div>
                <div className={settings.itemActions}>
                  {index > 0 && (
                    <Button
                      variant="ghost"
                      size="s"
                      ref={register(`${key}-up`)}
                      onClick={() => move(index, -1)}
                    >
                      <Icon name="arrowUp" size={16} />
                      {t('admin.settings.site.gallery.up')}
                      <span className="visually-hidden">
                        {' '}
                        {t('admin.settings.site.gallery.image', { number: index + 1 })}
                      </span>
                    </Button>
                  )}
                  {index < images.length - 1 && (
                    <Button
                      variant="ghost"
                      size="s"
                      ref={register(`${key}-down`)}
                      onClick={() => move(index, 1)}
                    >
                      <Icon name="arrowDown" size={16} />
                      {t('admin.settings.site.gallery.down')}
                      <span className="visually-hidden">
                        {' '}
                        {t('admin.settings.site.gallery.image', { number: index + 1 })}
                      </span>
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="s"
                    onClick={() => remove(index)}
                    data-testid="site-gallery-remove"
                  >
                    <Icon name="close" size={16} />
                    {t('admin.settings.site.gallery.remove')}
                    <span className="visually-hidden">
                      {' '}
                      {t('admin.settings.site.gallery.image', { number: index + 1 })}
                    </span>
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className={styles.galleryAdd}>
        <label
          className={buttonClass({ variant: 'secondary', size: 's' }, styles.upload)}
          aria-disabled={full || upload.isPending || undefined}
        >
          <Icon name="star" size={16} />
          {upload.isPending
            ? t('admin.settings.site.gallery.uploading')
            : t('admin.settings.site.gallery.add')}
          <input
            ref={register('images')}
            type="file"
            multiple
            className="visually-hidden"
            accept="image/png,image/jpeg,image/webp"
            disabled={full || upload.isPending}
            onChange={(event) => void choose(event)}
            data-testid="site-gallery-file"
          />
        </label>
        {full && (
          <p className={settings.hint}>{t('admin.settings.site.gallery.full', { max: MAX_IMAGES })}</p>
        )}
      </div>
      <div role="status" data-testid="site-gallery-status">
        {added > 0 && !upload.isPending && (
          <p className={styles.uploaded}>{t('admin.settings.site.gallery.uploaded')}</p>
        )}
      </div>
      {(problem || invalid.includes('images')) && (
        <p className={forms.error} role="alert" data-testid="site-gallery-upload-error">
          <Icon name="alert" size={16} />
          <span>
            {problem
              ? problem === 'generic'
                ? t('admin.settings.site.gallery.failed')
                : t(`admin.settings.theme.logo.errors.${problem}`)
              : t('admin.settings.site.errors.images', { max: MAX_IMAGES })}
          </span>
        </p>
      )}
    </fieldset>
  );
}
