/**
 * The mini-site form (docs/group-configuration.md "`website`"; docs/back-office.md "Settings"):
 * whether the home page is shown, its texts, photo gallery, listed items, contact block and map
 * position, and its links; saved as the whole document with `based_on` the version read. The
 * browser checks lengths, links (https only), the e-mail and the position; the server checks
 * everything again and its problems come back on their fields (site-draft.ts).
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { GalleryEditor } from './GalleryEditor.tsx';
import { ListingPicker } from './ListingPicker.tsx';
import { MapPosition } from './MapPosition.tsx';
import { type ControlProps, Toggle } from './RuleControls.tsx';
import { SiteTextField } from './SiteTextField.tsx';
import { SocialLinks } from './SocialLinks.tsx';
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
import { useEditorForm } from './use-editor-form.ts';

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

export function SiteForm(props: EditorFormProps) {
  const { document } = props;
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const id = useId();
  const form = useEditorForm(props, 'never', { draftOf, documentWith, localProblems, sortProblems });
  const { draft, setDraft, register, focusNext, invalid, edited } = form;

  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => {
    edited();
    setDraft((current) => ({ ...current, [key]: value }));
    form.fixed(key as SiteField);
  };
  const changeGallery = (change: (images: GalleryImage[]) => GalleryImage[]) => {
    edited();
    setDraft((current) => ({ ...current, images: change(current.images) }));
    // The rows move: a problem found on one no longer names the same image ('images', 'image-n').
    form.forget('image');
  };

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
    <form
      className={`${settings.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="site-form"
    >
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

      <SaveBar {...form.saveBar} />
    </form>
  );
}
