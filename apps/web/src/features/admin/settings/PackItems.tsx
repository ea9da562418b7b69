/**
 * A pack's services in booking order (docs/group-configuration.md "packs": `items`): each chosen
 * from the catalogue by name, moved up or down or removed, with the break between one service and
 * the next; and the button that adds one, up to ten.
 */
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { controlProps, domIdOf, OfferInput, OfferProblem } from './OfferInput.tsx';
import own from './offers.module.css';
import type { OffersFieldId } from './offers-checks.ts';
import type { PackDraft } from './offers-draft.ts';
import { MAX_ITEMS, type ServiceChoice } from './offers-edits.ts';
import styles from './settings.module.css';

export interface PackItemsProps {
  formId: string;
  /** The pack's place in the form, in the test ids. */
  index: number;
  pack: PackDraft;
  services: readonly ServiceChoice[];
  invalid: readonly OffersFieldId[];
  register: (key: string) => (element: HTMLElement | null) => void;
  onService: (item: number, service: string) => void;
  onBreak: (item: number, minutes: string) => void;
  onMove: (item: number, delta: -1 | 1) => void;
  onRemove: (item: number) => void;
  onAdd: () => void;
}

export function PackItems(props: PackItemsProps) {
  const { t } = usePart('admin');
  const { formId, index, pack, services, invalid, register } = props;
  const itemsField: OffersFieldId = `pack:${pack.externid}:items`;
  const full = pack.items.length >= MAX_ITEMS;
  const field = (name: `service-${number}` | `break-${number}`, testId: string, label: string) => ({
    formId,
    field: `pack:${pack.externid}:${name}` as OffersFieldId,
    label,
    invalid,
    register,
    testId,
  });

  const itemButton = (item: number, action: 'up' | 'down' | 'remove', disabled: boolean) => {
    const label = t(`admin.settings.offers.item.${action}`, { n: item + 1 });
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 's', iconOnly: true })}
        aria-label={label}
        title={label}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (disabled) return;
          if (action === 'remove') props.onRemove(item);
          else props.onMove(item, action === 'up' ? -1 : 1);
        }}
        ref={register(`pack:${pack.externid}:${action}-${item}`)}
        data-testid={`pack-item-${action}-${index}-${item}`}
      >
        <Icon
          name={action === 'remove' ? 'close' : 'chevronDown'}
          size={18}
          style={action === 'up' ? { transform: 'rotate(180deg)' } : undefined}
        />
      </button>
    );
  };

  return (
    <fieldset className={own.items}>
      <legend className={forms.label}>{t('admin.settings.offers.item.legend')}</legend>
      <ol className={own.itemList}>
        {pack.items.map((item, at) => {
          const service = field(`service-${at}`, `pack-item-service-${index}-${at}`, '');
          const last = at === pack.items.length - 1;
          return (
            // Positions are the items' identity here: a move swaps what two positions hold.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={at} className={own.item} data-testid="pack-item">
              <div className={own.itemRow}>
                <div className={forms.field}>
                  <label className={forms.label} htmlFor={controlProps(service).id}>
                    {t('admin.settings.offers.item.service', { n: at + 1 })}
                  </label>
                  <select
                    {...controlProps(service)}
                    className={forms.input}
                    value={item.service}
                    onChange={(event) => props.onService(at, event.target.value)}
                  >
                    <option value="">{t('admin.settings.offers.item.choose')}</option>
                    {services.map((choice) => (
                      <option key={choice.externid} value={choice.externid}>
                        {choice.name}
                      </option>
                    ))}
                  </select>
                  <OfferProblem {...service} />
                </div>
                <div className={own.itemButtons}>
                  {itemButton(at, 'up', at === 0)}
                  {itemButton(at, 'down', last)}
                  {itemButton(at, 'remove', false)}
                </div>
              </div>
              {!last && (
                <div className={own.breakRow}>
                  <OfferInput
                    {...field(
                      `break-${at}`,
                      `pack-break-${index}-${at}`,
                      t('admin.settings.offers.item.break', { n: at + 1 }),
                    )}
                    value={item.breakTime}
                    onChange={(value) => props.onBreak(at, value)}
                    extra={{ inputMode: 'numeric', className: `${forms.input} ${styles.number}` }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.itemActions}>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          aria-disabled={full || undefined}
          aria-describedby={invalid.includes(itemsField) ? `${domIdOf(formId, itemsField)}-error` : undefined}
          onClick={() => {
            if (!full) props.onAdd();
          }}
          ref={register(itemsField)}
          data-testid={`pack-add-item-${index}`}
        >
          <Icon name="list" size={16} />
          {t('admin.settings.offers.item.add')}
        </button>
        {full && (
          <span className={styles.hint}>{t('admin.settings.offers.item.full', { max: MAX_ITEMS })}</span>
        )}
      </div>
      <OfferProblem formId={formId} field={itemsField} invalid={invalid} />
    </fieldset>
  );
}
