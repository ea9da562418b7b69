/** One site (calendar set) of the calendars & resources form: its name and its address. */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { PlaceField } from './PlaceField.tsx';
import styles from './places.module.css';
import type { PlacesReason, SiteDraft, SiteField } from './places-draft.ts';
import { RemoveAction } from './RemoveAction.tsx';
import settings from './settings.module.css';

export interface SiteCardProps {
  site: SiteDraft;
  onChange: (patch: Partial<SiteDraft>) => void;
  onRemove: () => void;
  problemOf: (field: `site:${string}:${SiteField}`) => PlacesReason | undefined;
  register: (field: string) => (element: HTMLElement | null) => void;
  /** The names of its calendars: it cannot be removed while it has any. */
  calendars: string[];
}

export function SiteCard({ site, onChange, onRemove, problemOf, register, calendars }: SiteCardProps) {
  const { t } = usePart('admin');
  const id = useId();
  const title = site.name.trim() || t('admin.settings.places.newSite');
  const field = (
    name: SiteField,
    extra: { maxLength?: number; className?: string; autoComplete?: string } = {},
  ) => (
    <PlaceField
      field={`site:${site.externid}:${name}`}
      label={t(`admin.settings.places.fields.${name}`)}
      value={site[name]}
      onChange={(value) => onChange({ [name]: value })}
      problem={problemOf(`site:${site.externid}:${name}`)}
      register={register}
      required={name === 'name'}
      {...extra}
    />
  );
  return (
    <li className={settings.itemRow} data-testid="places-site" data-site={site.externid}>
      <fieldset className={settings.itemFields} aria-labelledby={`${id}-legend`}>
        <legend id={`${id}-legend`} className={settings.itemLegend}>
          <Icon name="pin" size={18} />
          {title}
          {site.added && <span className={settings.mainTag}>{t('admin.settings.catalogue.new')}</span>}
        </legend>
        <div className={styles.siteGrid}>
          {field('name')}
          {field('address', { autoComplete: 'street-address', className: styles.span2 })}
          {field('zipcode', { maxLength: 16, autoComplete: 'postal-code' })}
          {field('city', { autoComplete: 'address-level2' })}
        </div>
        <RemoveAction
          label={t('admin.settings.places.remove', { name: title })}
          blockedBy={
            calendars.length > 0
              ? t('admin.settings.places.siteInUse', { names: calendars.join(', ') })
              : null
          }
          onRemove={onRemove}
          testId="places-remove-site"
        />
      </fieldset>
    </li>
  );
}
