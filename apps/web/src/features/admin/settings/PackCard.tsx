/**
 * One pack of the packs & promotions form (docs/group-configuration.md "packs"): its name, the
 * name shown to customers, its category, its price, whether the booking pages offer it, its
 * services with the breaks between them, what it lasts and what its services cost apart; and its
 * removal — refused while a promotion names it.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { durationWords } from './duration-draft.ts';
import { controlProps, OfferInput, OfferProblem } from './OfferInput.tsx';
import own from './offers.module.css';
import type { OffersFieldId, PackField } from './offers-checks.ts';
import type { PackDraft } from './offers-draft.ts';
import { packLength, separatePrice } from './offers-edits.ts';
import { PackItems, type PackItemsProps } from './PackItems.tsx';
import { RemoveAction } from './RemoveAction.tsx';
import styles from './settings.module.css';

export type PackText = 'name' | 'publicname' | 'category' | 'price';

export interface PackCardProps extends Omit<PackItemsProps, 'pack'> {
  pack: PackDraft;
  categories: readonly { externid: string; name: string }[];
  /** The currency's symbol, in the price's label, and its code, for the separate price. */
  currency: { symbol: string; code: string };
  /** The promotions that name it: it cannot be removed while there are any. */
  namedBy: readonly string[];
  onText: (field: PackText, value: string) => void;
  onOffered: (on: boolean) => void;
  onRemovePack: () => void;
}

export function PackCard(props: PackCardProps) {
  const { t, i18n } = usePart('admin');
  const { formId, index, pack, services, invalid, register, currency } = props;
  const legendId = `${formId}-${pack.externid}-legend`;
  const title = pack.name.trim() || t('admin.settings.offers.newPack');
  const field = (name: PackField, label: string) => ({
    formId,
    field: `pack:${pack.externid}:${name}` as OffersFieldId,
    label,
    invalid,
    register,
    testId: `pack-${name}-${index}`,
  });
  const text = (name: 'name' | 'publicname' | 'price', label: string, extra: Record<string, unknown>) => (
    <OfferInput
      {...field(name, label)}
      value={pack[name]}
      onChange={(value) => props.onText(name, value)}
      extra={extra}
    />
  );
  const category = field('category', t('admin.settings.offers.pack.category'));
  const apart = separatePrice(pack, services);
  const money = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: currency.code }).format(cents / 100);

  return (
    <li className={styles.itemRow} data-testid="offers-pack" data-pack={pack.externid}>
      <fieldset className={styles.itemFields} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.itemLegend}>
          {title}
          {pack.added && <span className={styles.mainTag}>{t('admin.settings.catalogue.new')}</span>}
        </legend>
        <div className={own.packGrid}>
          {text('name', t('admin.settings.catalogue.fields.name'), { required: true, maxLength: 255 })}
          {text('publicname', t('admin.settings.catalogue.fields.publicname'), { maxLength: 255 })}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={controlProps(category).id}>
              {category.label}
            </label>
            <select
              {...controlProps(category)}
              className={forms.input}
              value={pack.category}
              onChange={(event) => props.onText('category', event.target.value)}
            >
              <option value="">{t('admin.settings.offers.pack.noCategory')}</option>
              {props.categories.map((choice) => (
                <option key={choice.externid} value={choice.externid}>
                  {choice.name}
                </option>
              ))}
            </select>
            <OfferProblem {...category} />
          </div>
          {text('price', t('admin.settings.catalogue.fields.price', { currency: currency.symbol }), {
            inputMode: 'decimal',
            className: `${forms.input} ${styles.number}`,
          })}
        </div>
        {pack.publicname.trim() === '' && (
          <p className={styles.hint}>{t('admin.settings.offers.pack.hidden')}</p>
        )}
        <label className={`${styles.check} ${own.offered}`}>
          <input
            type="checkbox"
            checked={pack.offered}
            onChange={(event) => props.onOffered(event.target.checked)}
            data-testid={`pack-offered-${index}`}
          />
          <span>{t('admin.settings.offers.pack.offered')}</span>
        </label>
        <PackItems {...props} />
        <p className={own.summary} data-testid={`pack-summary-${index}`}>
          {t('admin.settings.offers.pack.length', {
            duration: durationWords(packLength(pack, services), i18n.language),
          })}
          {apart !== null && ` · ${t('admin.settings.offers.pack.apart', { price: money(apart) })}`}
        </p>
        <RemoveAction
          label={t('admin.settings.catalogue.remove', { name: title })}
          blockedBy={
            props.namedBy.length > 0
              ? t('admin.settings.catalogue.usedBy', { names: props.namedBy.join(', ') })
              : null
          }
          onRemove={props.onRemovePack}
          testId={`pack-remove-${index}`}
        />
      </fieldset>
    </li>
  );
}
