/**
 * The mini-site's contact block and map (docs/group-configuration.md "`website`" and "Identity,
 * contact, region"): whether the contact block and its map are shown, and the position the map
 * and the map page put their pin on (`settings.lat`, `settings.lng`), typed as two numbers read
 * from a map of the business's address. The map shows only when both are given.
 */
import { usePart } from '../../../i18n/i18n.ts';
import { type ControlProps, Toggle } from './RuleControls.tsx';
import { SiteTextField } from './SiteTextField.tsx';
import settings from './settings.module.css';
import styles from './site.module.css';
import type { SiteDraft } from './site-draft.ts';

export function MapPosition({
  draft,
  address,
  control,
  set,
}: {
  draft: SiteDraft;
  /** The business's address on one line, to look up; empty when it has none. */
  address: string;
  control: (field: keyof SiteDraft) => ControlProps;
  set: <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;
}) {
  const { t } = usePart('admin');
  const coordinate = (field: 'lat' | 'lng', example: string) => (
    <SiteTextField
      control={control(field)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      inputMode="decimal"
      placeholder={example}
      className={styles.coordinate}
    />
  );
  return (
    <fieldset className={settings.fieldset}>
      <legend className={settings.legend}>{t('admin.settings.site.legends.contact')}</legend>
      <Toggle
        {...control('contactInfo')}
        checked={draft.contactInfo}
        onChange={(on) => set('contactInfo', on)}
      />
      <Toggle {...control('map')} checked={draft.map} onChange={(on) => set('map', on)} />
      <p className={settings.hint} data-testid="site-position-hint">
        {address
          ? t('admin.settings.site.position.fromAddress', { address })
          : t('admin.settings.site.position.noAddress')}
      </p>
      <div className={`${settings.grid} ${settings.pairs}`}>
        {coordinate('lat', '45.7531')}
        {coordinate('lng', '4.8279')}
      </div>
    </fieldset>
  );
}
