/**
 * One promotion of the packs & promotions form (docs/group-configuration.md "promotions"): its
 * label, its percentage off, what it applies to — every service and pack, or those ticked — and
 * when (PromotionWhen); and its removal.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { OfferInput, OfferProblem } from './OfferInput.tsx';
import own from './offers.module.css';
import type { OffersFieldId, PromotionField } from './offers-checks.ts';
import type { PromotionDraft } from './offers-draft.ts';
import { PerformerChecks } from './PerformerChecks.tsx';
import { type PromotionChange, PromotionWhen } from './PromotionWhen.tsx';
import { RemoveAction } from './RemoveAction.tsx';
import styles from './settings.module.css';

export interface PromotionCardProps {
  formId: string;
  /** The promotion's place in the form, in the test ids. */
  index: number;
  promotion: PromotionDraft;
  /** What it can apply to: the services, then the packs. */
  choices: readonly { externid: string; name: string }[];
  invalid: readonly OffersFieldId[];
  register: (key: string) => (element: HTMLElement | null) => void;
  onChange: PromotionChange;
  onToggleService: (externid: string, on: boolean) => void;
  onRemove: () => void;
}

export function PromotionCard(props: PromotionCardProps) {
  const { t } = usePart('admin');
  const { formId, index, promotion, invalid, register, onChange } = props;
  const legendId = `${formId}-${promotion.externid}-legend`;
  const title = promotion.label.trim() || t('admin.settings.offers.newPromotion');
  const field = (name: PromotionField, label: string, testId: string) => ({
    formId,
    field: `promotion:${promotion.externid}:${name}` as OffersFieldId,
    label,
    invalid,
    register,
    testId: `promotion-${testId}-${index}`,
  });
  const services = field('services', '', 'services');
  const scope = (every: boolean) => (
    <label className={styles.check}>
      <input
        type="radio"
        name={`${formId}-${promotion.externid}-scope`}
        checked={promotion.every === every}
        onChange={() => onChange({ every }, 'services')}
        ref={every ? undefined : register(services.field)}
        data-testid={`promotion-${every ? 'every' : 'chosen'}-${index}`}
      />
      <span>{t(`admin.settings.offers.promotion.${every ? 'every' : 'chosen'}`)}</span>
    </label>
  );

  return (
    <li className={styles.itemRow} data-testid="offers-promotion" data-promotion={promotion.externid}>
      <fieldset className={styles.itemFields} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.itemLegend}>
          {title}
          {promotion.added && <span className={styles.mainTag}>{t('admin.settings.catalogue.new')}</span>}
        </legend>
        <div className={own.promotionGrid}>
          <OfferInput
            {...field('label', t('admin.settings.offers.promotion.label'), 'label')}
            value={promotion.label}
            onChange={(label) => onChange({ label }, 'label')}
            extra={{ required: true, maxLength: 255 }}
          />
          <OfferInput
            {...field('percent', t('admin.settings.offers.promotion.percent'), 'percent')}
            value={promotion.percent}
            onChange={(percent) => onChange({ percent }, 'percent')}
            extra={{ inputMode: 'numeric', className: `${forms.input} ${styles.number}` }}
          />
        </div>
        <fieldset className={styles.performers}>
          <legend className={forms.label}>{t('admin.settings.offers.promotion.appliesTo')}</legend>
          <div className={own.scopes}>
            {scope(true)}
            {scope(false)}
          </div>
          {!promotion.every && (
            <PerformerChecks
              choices={props.choices}
              checked={promotion.services}
              testId={(externid) => `promotion-service-${index}-${externid}`}
              onToggle={props.onToggleService}
            />
          )}
          <OfferProblem {...services} />
        </fieldset>
        <PromotionWhen {...props} field={field} />
        <RemoveAction
          label={t('admin.settings.catalogue.remove', { name: title })}
          blockedBy={null}
          onRemove={props.onRemove}
          testId={`promotion-remove-${index}`}
        />
      </fieldset>
    </li>
  );
}
