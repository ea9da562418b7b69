/**
 * The mini-site form (docs/group-configuration.md "`website`"; docs/back-office.md "Settings"):
 * whether the home page is shown, its texts, photo gallery, listed items, contact block and map
 * position, and its links; saved as the whole document with `based_on` the version read. The
 * browser checks lengths, links (https only), the e-mail and the position; the server checks
 * everything again and its problems come back on their fields (site-draft.ts).
 */
import { type FormEvent, useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar, useSaveFailure } from './ConfigurationEditor.tsx';
import { GalleryEditor } from './GalleryEditor.tsx';
import { ListingPicker } from './ListingPicker.tsx';
import { MapPosition } from './MapPosition.tsx';
import { type ControlProps, Toggle } from './RuleControls.tsx';
import { SiteTextField } from './SiteTextField.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { sendDocument } from './send-document.ts';
import settings from './settings.module.css';
import {
  documentWith,
  draftOf,
  type GalleryImage,
  localProblems,
  type SiteDraft,
  type SiteField,
  sortProblems,
  TEXT_FIELDS,
  TEXT_LIMITS,
} from './site-draft.ts';
import { useFieldFocus } from './use-field-focus.ts';
import { useFormDraft } from './use-form-draft.ts';
import { useProblems } from './use-problems.ts';

/** The words of a field's problem, under admin.settings.site.errors. */
const ERROR_OF: Partial<Record<keyof SiteDraft, string>> = {
  title: 'title',
  quickDesc: 'text',
  complementText: 'text',
  otherbox: 'text',
  listing: 'listing',
  listingIds: 'listing',
  lat: 'lat',
  lng: 'lng',
  websiteLink: 'link',
  facebook: 'link',
  twitterX: 'link',
  instagram: 'link',
  snapchat: 'link',
  mail: 'mail',
};
/** The help line of a field, under admin.settings.site.help: the networks share one. */
const HELP_OF: Partial<Record<keyof SiteDraft, string>> = {
  facebook: 'network',
  twitterX: 'network',
  instagram: 'network',
  snapchat: 'network',
};

function addressLine(document: EditorFormProps['document']): string {
  const settings = document.settings as { address?: Record<string, unknown> | null } | undefined;
  const address = settings?.address;
  if (!address) return '';
  const town = [address.zipcode, address.city].filter((part) => typeof part === 'string' && part).join(' ');
  return [address.address, town].filter((part) => typeof part === 'string' && part).join(', ');
}

export function SiteForm({ version, document, save, onSaved, onEdit, onReload }: EditorFormProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const id = useId();
  const [draft, setDraft] = useFormDraft(document, draftOf, save);
  const { register, focusNext } = useFieldFocus();
  const { invalid, others, show, fixed } = useProblems<SiteField>(focusNext);

  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => {
    onEdit();
    setDraft((current) => ({ ...current, [key]: value }));
    fixed(key as SiteField);
  };
  const changeGallery = (change: (images: GalleryImage[]) => GalleryImage[]) => {
    onEdit();
    setDraft((current) => ({ ...current, images: change(current.images) }));
    // The rows move: a problem found on one no longer names the same image.
    for (const field of invalid) if (field === 'images' || field.startsWith('image-')) fixed(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const local = localProblems(draft);
    if (local.length > 0) {
      show(local, []);
      return;
    }
    show([], []);
    sendDocument(save, documentWith(document, draft), version, onSaved, (problems) => {
      const sorted = sortProblems(problems);
      show(sorted.fields, sorted.other);
    });
  };
  const failure = useSaveFailure(save, invalid.length > 0);

  const control = (field: keyof SiteDraft): ControlProps => {
    const error = ERROR_OF[field];
    return {
      id: `${id}-${field}`,
      label: t(`admin.settings.site.fields.${field}`),
      help: t(`admin.settings.site.help.${HELP_OF[field] ?? field}`),
      problem:
        error && invalid.includes(field as SiteField) ? t(`admin.settings.site.errors.${error}`) : null,
      testId: `site-${field}`,
      register: register(field),
    };
  };

  return (
    <form className={`${settings.panel} ${forms.dense}`} onSubmit={submit} noValidate data-testid="site-form">
      <p className={settings.hint}>{t('admin.settings.site.intro', { path: `/${group.urlname}/home` })}</p>
      <Toggle
        {...control('hasMinisite')}
        checked={draft.hasMinisite}
        onChange={(on) => set('hasMinisite', on)}
      />

      <fieldset className={settings.fieldset}>
        <legend className={settings.legend}>{t('admin.settings.site.legends.texts')}</legend>
        {TEXT_FIELDS.map((field) => (
          <SiteTextField
            key={field}
            control={control(field)}
            value={draft[field]}
            onChange={(value) => set(field, value)}
            multiline={field !== 'title'}
            maxLength={TEXT_LIMITS[field]}
          />
        ))}
      </fieldset>

      <GalleryEditor
        groupId={group.id}
        images={draft.images}
        invalid={invalid}
        register={register}
        onChange={changeGallery}
        focus={(key) => {
          focusNext.current = key;
        }}
      />

      <ListingPicker
        document={document}
        listing={draft.listing}
        ids={draft.listingIds}
        control={control('listing')}
        onChange={(listing, ids) => {
          set('listing', listing);
          set('listingIds', ids);
        }}
      />

      <MapPosition draft={draft} address={addressLine(document)} control={control} set={set} />
      <SocialLinks draft={draft} control={control} set={set} />

      <SaveBar
        save={save}
        version={version}
        failure={failure}
        others={others}
        localMessage={null}
        onReload={onReload}
      />
    </form>
  );
}
