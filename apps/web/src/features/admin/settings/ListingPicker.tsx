/**
 * What the mini-site lists (docs/group-configuration.md "`website`"): categories, services or
 * packs, and which of them — up to six, in the order of the catalogue (checked-with.ts). Choosing
 * another kind starts the choice again: the ids name items of one kind.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { checkedWith } from './checked-with.ts';
import { type ControlProps, described, Field, Problem } from './RuleControls.tsx';
import settings from './settings.module.css';
import { LISTINGS, type Listing, listable, MAX_LISTED } from './site-draft.ts';

export function ListingPicker({
  document,
  listing,
  ids,
  control,
  onChange,
}: {
  document: ConfigurationDocument;
  listing: Listing | '';
  ids: readonly string[];
  control: ControlProps;
  onChange: (listing: Listing | '', ids: string[]) => void;
}) {
  const { t } = usePart('admin');
  const items = listing ? listable(document, listing) : [];
  const order = items.map((item) => item.id);
  return (
    <fieldset className={settings.fieldset}>
      <legend className={settings.legend}>{t('admin.settings.site.legends.listing')}</legend>
      <Field {...control} problem={null}>
        <select
          {...described(control)}
          ref={control.register}
          className={forms.input}
          value={listing}
          onChange={(event) => onChange(event.target.value as Listing | '', [])}
          data-testid="site-listing-kind"
        >
          <option value="">{t('admin.settings.site.listings.none')}</option>
          {LISTINGS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`admin.settings.site.listings.${kind}`)}
            </option>
          ))}
        </select>
      </Field>
      {listing && (
        <fieldset className={settings.languages}>
          <legend className={forms.label}>
            {t('admin.settings.site.listings.chosen', { number: ids.length, max: MAX_LISTED })}
          </legend>
          {items.length === 0 && <p className={settings.hint}>{t('admin.settings.site.listings.empty')}</p>}
          <div className={`${settings.checks} ${settings.performerChecks}`}>
            {items.map((item) => {
              const on = ids.includes(item.id);
              return (
                <label key={item.id} className={settings.check}>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && ids.length >= MAX_LISTED}
                    onChange={(event) =>
                      onChange(listing, checkedWith(order, ids, item.id, event.target.checked))
                    }
                    data-testid="site-listing-item"
                  />
                  <span>{item.name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <Problem {...control} />
    </fieldset>
  );
}
