/**
 * One calendar or resource of the calendars & resources form: its names, description, site, how
 * many appointments it takes at the same time, whether customers are offered it, and the services it performs (for a resource: that need it).
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { checkedWith } from './checked-with.ts';
import { PerformerChecks } from './PerformerChecks.tsx';
import { PlaceField } from './PlaceField.tsx';
import styles from './places.module.css';
import type {
  PlaceField as Field,
  PlaceDraft,
  PlacesReason,
  ServiceChoice,
  SiteDraft,
} from './places-draft.ts';
import { RemoveAction } from './RemoveAction.tsx';
import settings from './settings.module.css';

export interface PlaceCardProps {
  place: PlaceDraft;
  sites: SiteDraft[];
  services: ServiceChoice[];
  onChange: (patch: Partial<PlaceDraft>) => void;
  onRemove: () => void;
  problemOf: (field: `calendar:${string}:${Field}`) => PlacesReason | undefined;
  register: (field: string) => (element: HTMLElement | null) => void;
  /** The packs that preselect it: it cannot be removed while any does. */
  packs: string[];
}

export function PlaceCard({
  place,
  sites,
  services,
  onChange,
  onRemove,
  problemOf,
  register,
  packs,
}: PlaceCardProps) {
  const { t } = usePart('admin');
  const id = useId();
  const title =
    place.name.trim() ||
    t(place.resource ? 'admin.settings.places.newResource' : 'admin.settings.places.newCalendar');
  const field = (
    name: Field,
    extra: { multiline?: boolean; className?: string; inputMode?: 'numeric'; hint?: string } = {},
  ) => (
    <PlaceField
      field={`calendar:${place.externid}:${name}`}
      label={t(`admin.settings.places.fields.${name}`)}
      value={place[name]}
      onChange={(value) => onChange({ [name]: value })}
      problem={problemOf(`calendar:${place.externid}:${name}`)}
      register={register}
      required={name === 'name'}
      maxLength={name === 'description' ? 10_000 : name === 'capacity' ? 4 : 255}
      {...extra}
    />
  );
  const toggleService = (service: string, on: boolean) =>
    onChange({
      services: checkedWith(
        services.map((item) => item.externid),
        place.services,
        service,
        on,
      ),
    });
  return (
    <li className={settings.itemRow} data-testid="places-calendar" data-calendar={place.externid}>
      <fieldset className={settings.itemFields} aria-labelledby={`${id}-legend`}>
        <legend id={`${id}-legend`} className={settings.itemLegend}>
          <Icon name={place.resource ? 'tag' : 'user'} size={18} />
          {title}
          {!place.active && <span className={styles.hiddenTag}>{t('admin.settings.places.hidden')}</span>}
          {place.added && <span className={settings.mainTag}>{t('admin.settings.catalogue.new')}</span>}
        </legend>
        <div className={styles.placeGrid}>
          {field('name')}
          {place.active && field('publicname')}
          {sites.length > 0 && (
            <div className={forms.field}>
              <label className={forms.label} htmlFor={`${id}-site`}>
                {t('admin.settings.places.fields.site')}
              </label>
              <select
                id={`${id}-site`}
                className={forms.input}
                value={place.site ?? ''}
                onChange={(event) => onChange({ site: event.target.value || null })}
                data-testid="places-site-choice"
              >
                <option value="">{t('admin.settings.places.noSite')}</option>
                {sites.map((site) => (
                  <option key={site.externid} value={site.externid}>
                    {site.name.trim() || t('admin.settings.places.newSite')}
                  </option>
                ))}
              </select>
            </div>
          )}
          {field('capacity', { inputMode: 'numeric', hint: t('admin.settings.places.capacityHint') })}
          {field('description', { multiline: true, className: styles.spanAll })}
        </div>
        <label className={`${settings.check} ${styles.activeCheck}`}>
          <input
            type="checkbox"
            checked={place.active}
            onChange={(event) => onChange({ active: event.target.checked })}
            aria-describedby={`${id}-active`}
            data-testid="places-active"
          />
          <span>{t('admin.settings.places.fields.active')}</span>
        </label>
        <p id={`${id}-active`} className={settings.hint}>
          {t(place.active ? 'admin.settings.places.activeHint' : 'admin.settings.places.inactiveHint')}
        </p>
        {services.length > 0 && (
          <fieldset className={settings.performers}>
            <legend className={forms.label}>
              {t(
                place.resource
                  ? 'admin.settings.places.fields.needs'
                  : 'admin.settings.places.fields.performs',
              )}
            </legend>
            <PerformerChecks
              choices={services}
              checked={place.services}
              testId={(externid) => `places-service-${externid}`}
              onToggle={toggleService}
            />
            {place.services.length === 0 && !place.resource && (
              <p className={settings.hint}>{t('admin.settings.places.noServices')}</p>
            )}
          </fieldset>
        )}
        <RemoveAction
          label={t('admin.settings.places.remove', { name: title })}
          blockedBy={
            packs.length > 0 ? t('admin.settings.places.usedByPacks', { names: packs.join(', ') }) : null
          }
          onRemove={onRemove}
          testId="places-remove"
        />
      </fieldset>
    </li>
  );
}
