/**
 * One service of the services form: its name, public name, duration and price, whether it is held
 * by video, who performs it, and its removal — refused while a pack or a promotion names it (docs/group-configuration.md
 * "Catalogue"), with the names that hold it.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { CatalogueInput } from './CatalogueInput.tsx';
import {
  type CalendarChoice,
  type CatalogueFieldId,
  packsUsing,
  promotionsUsing,
  type ServiceDraft,
  type ServiceField,
} from './catalogue-draft.ts';
import { PerformerChecks } from './PerformerChecks.tsx';
import { RemoveAction } from './RemoveAction.tsx';
import styles from './settings.module.css';

const ERROR_OF: Record<ServiceField, string> = {
  name: 'itemName',
  publicname: 'publicname',
  length: 'length',
  price: 'price',
};

export function ServiceRow({
  formId,
  service,
  document,
  calendars,
  currency,
  invalid,
  register,
  onChange,
  onToggleCalendar,
  onToggleVideo,
  onRemove,
}: {
  formId: string;
  service: ServiceDraft;
  document: ConfigurationDocument;
  calendars: readonly CalendarChoice[];
  /** The currency's symbol, in the price's label. */
  currency: string;
  invalid: readonly CatalogueFieldId[];
  register: (key: string) => (element: HTMLElement | null) => void;
  onChange: (field: ServiceField, value: string) => void;
  onToggleCalendar: (calendar: string, on: boolean) => void;
  onToggleVideo: (on: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = usePart('admin');
  const packs = service.added ? [] : packsUsing(document, service.externid);
  const promotions = service.added ? [] : promotionsUsing(document, service.externid);
  const blocked = packs.length > 0 || promotions.length > 0;
  const legendId = `${formId}-${service.externid}-legend`;
  const field = (name: ServiceField, label: string, extra: Record<string, unknown> = {}) => {
    const fieldId: CatalogueFieldId = `service:${service.externid}:${name}`;
    return (
      <CatalogueInput
        formId={formId}
        fieldId={fieldId}
        label={label}
        errorKey={ERROR_OF[name]}
        value={service[name]}
        onChange={(value) => onChange(name, value)}
        bad={invalid.includes(fieldId)}
        register={register}
        extra={extra}
      />
    );
  };
  return (
    <li className={styles.itemRow} data-testid="catalogue-service">
      <fieldset className={styles.itemFields} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.itemLegend}>
          {service.name.trim() || t('admin.settings.catalogue.newService')}
          {service.added && <span className={styles.mainTag}>{t('admin.settings.catalogue.new')}</span>}
        </legend>
        <div className={styles.serviceGrid}>
          {field('name', t('admin.settings.catalogue.fields.name'), { required: true, maxLength: 255 })}
          {field('publicname', t('admin.settings.catalogue.fields.publicname'), { maxLength: 255 })}
          {field('length', t('admin.settings.catalogue.fields.length'), {
            inputMode: 'numeric',
            className: `${forms.input} ${styles.number}`,
          })}
          {field('price', t('admin.settings.catalogue.fields.price', { currency }), {
            inputMode: 'decimal',
            className: `${forms.input} ${styles.number}`,
          })}
        </div>
        {calendars.length > 0 && (
          <fieldset
            className={styles.performers}
            aria-describedby={service.calendars.length === 0 ? `${legendId}-nobody` : undefined}
          >
            <legend className={forms.label}>{t('admin.settings.catalogue.fields.calendars')}</legend>
            <PerformerChecks
              choices={calendars}
              checked={service.calendars}
              testId={(externid) => `catalogue-calendar-${externid}`}
              onToggle={onToggleCalendar}
            />
            {service.calendars.length === 0 && (
              <p id={`${legendId}-nobody`} className={styles.hint}>
                {t('admin.settings.catalogue.nobody')}
              </p>
            )}
          </fieldset>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={service.videoconference}
            onChange={(event) => onToggleVideo(event.target.checked)}
            aria-describedby={`${legendId}-video`}
            data-testid="catalogue-video"
          />
          <span>{t('admin.settings.catalogue.fields.videoconference')}</span>
        </label>
        <p id={`${legendId}-video`} className={styles.hint}>
          {t('admin.settings.catalogue.videoHint')}
        </p>
        <RemoveAction
          label={t('admin.settings.catalogue.remove', {
            name: service.name.trim() || t('admin.settings.catalogue.newService'),
          })}
          blockedBy={
            blocked
              ? t('admin.settings.catalogue.usedBy', { names: [...packs, ...promotions].join(', ') })
              : null
          }
          onRemove={onRemove}
          testId="catalogue-remove"
        />
      </fieldset>
    </li>
  );
}
