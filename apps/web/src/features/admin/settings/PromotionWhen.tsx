/**
 * When a promotion applies (docs/group-configuration.md "promotions"): the days of the week (none
 * ticked: every day), the daily window the slot starts in, and the first and last days — each
 * optional; all those given must hold.
 */
import { WEEKDAYS, type Weekday } from '@creneau/core/group-config/group-config.schema';
import { useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { checkedWith } from './checked-with.ts';
import { type OfferFieldProps, OfferInput, OfferProblem } from './OfferInput.tsx';
import own from './offers.module.css';
import type { PromotionField } from './offers-checks.ts';
import type { PromotionDraft } from './offers-draft.ts';
import { PerformerChecks } from './PerformerChecks.tsx';
import styles from './settings.module.css';

/** A change to some of a promotion's fields; `field` is the one edited, whose problem no longer applies. */
export type PromotionChange = (change: Partial<PromotionDraft>, field: PromotionField) => void;

export function PromotionWhen({
  index,
  promotion,
  onChange,
  field,
}: {
  /** The promotion's place in the form, in the test ids. */
  index: number;
  promotion: PromotionDraft;
  onChange: PromotionChange;
  field: (name: PromotionField, label: string, testId: string) => OfferFieldProps;
}) {
  const { t, i18n } = usePart('admin');
  const days = useMemo(() => {
    // 2024-01-01 was a Monday.
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    return WEEKDAYS.map((day, at) => ({
      externid: day,
      name: format.format(new Date(Date.UTC(2024, 0, at + 1))),
    }));
  }, [i18n.language]);
  const input = (
    name: 'fromTime' | 'toTime' | 'fromDate' | 'toDate',
    type: 'time' | 'date',
    testId: string,
  ) => (
    <OfferInput
      {...field(name, t(`admin.settings.offers.promotion.${name}`), testId)}
      type={type}
      value={promotion[name]}
      onChange={(value) => onChange({ [name]: value }, name)}
      extra={type === 'time' ? { step: 300 } : {}}
    />
  );
  const weekdays = field('weekdays', '', 'weekdays');

  return (
    <>
      <fieldset
        className={styles.performers}
        aria-describedby={`${weekdays.formId}-${promotion.externid}-days`}
      >
        <legend className={forms.label}>{t('admin.settings.offers.promotion.weekdays')}</legend>
        <PerformerChecks
          choices={days}
          checked={promotion.weekdays}
          testId={(day) => `promotion-weekday-${index}-${day}`}
          onToggle={(day, on) =>
            onChange(
              { weekdays: checkedWith(WEEKDAYS, promotion.weekdays, day, on) as Weekday[] },
              'weekdays',
            )
          }
        />
        <p id={`${weekdays.formId}-${promotion.externid}-days`} className={styles.hint}>
          {t('admin.settings.offers.promotion.everyDay')}
        </p>
        <OfferProblem {...weekdays} />
      </fieldset>
      <div className={own.window}>
        {input('fromTime', 'time', 'from-time')}
        {input('toTime', 'time', 'to-time')}
        {input('fromDate', 'date', 'from-date')}
        {input('toDate', 'date', 'to-date')}
      </div>
      <p className={styles.hint}>{t('admin.settings.offers.promotion.windowHint')}</p>
    </>
  );
}
