/**
 * The services form (docs/group-configuration.md "Catalogue"): the categories and their services in
 * the group's own language — name, public name, duration, price — with services and categories
 * added, renamed and services removed when no pack or promotion names them. Saved as the whole
 * document with `based_on` the version read (catalogue-draft.ts keeps every other part as it was).
 */
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { problemsOf } from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type EditorFormProps, SaveBar, useSaveFailure } from './ConfigurationEditor.tsx';
import {
  type CatalogueDraft,
  type CatalogueFieldId,
  type CategoryDraft,
  type CategoryField,
  calendarChoices,
  documentWith,
  draftOf,
  localProblems,
  packsUsing,
  promotionsUsing,
  type ServiceDraft,
  type ServiceField,
  sortProblems,
  withNewCategory,
  withNewService,
  withoutService,
} from './catalogue-draft.ts';
import styles from './settings.module.css';

const ERROR_OF: Record<ServiceField, string> = {
  name: 'itemName',
  publicname: 'publicname',
  length: 'length',
  price: 'price',
};

function currencySymbol(locale: string, currency: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

export function CatalogueForm({ version, document, save, onSaved, onEdit, onReload }: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const [read] = useState<CatalogueDraft>(() => draftOf(document));
  const [draft, setDraft] = useState<CatalogueDraft>(read);
  const [invalid, setInvalid] = useState<CatalogueFieldId[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  const [localFailure, setLocalFailure] = useState(false);
  const fields = useRef(new Map<string, HTMLElement | null>());
  const focusNext = useRef<string | null>(null);
  const calendars = useMemo(() => calendarChoices(document), [document]);
  const settings = (document.settings ?? {}) as { currency?: unknown; locale?: unknown };
  const currency = currencySymbol(
    i18n.language,
    typeof settings.currency === 'string' ? settings.currency : 'EUR',
  );
  const language = useMemo(() => {
    const code = typeof settings.locale === 'string' ? settings.locale : 'fr';
    // Inside a sentence: as the language writes it ("français", "French").
    return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;
  }, [settings.locale, i18n.language]);

  useLeaveWarning(!save.isPending && JSON.stringify(draft) !== JSON.stringify(read));

  useEffect(() => {
    if (!focusNext.current) return;
    const element = fields.current.get(focusNext.current);
    focusNext.current = null;
    element?.focus();
  });

  const edited = () => {
    onEdit();
    setLocalFailure(false);
    if (save.isError) save.reset();
  };
  const setService = (externid: string, field: ServiceField, value: string) => {
    edited();
    setDraft((current) => ({
      ...current,
      services: current.services.map((item) =>
        item.externid === externid ? { ...item, [field]: value } : item,
      ),
    }));
    const fieldId: CatalogueFieldId = `service:${externid}:${field}`;
    if (invalid.includes(fieldId)) setInvalid((list) => list.filter((item) => item !== fieldId));
  };
  const toggleCalendar = (externid: string, calendar: string, on: boolean) => {
    edited();
    setDraft((current) => ({
      ...current,
      services: current.services.map((item) =>
        item.externid === externid
          ? {
              ...item,
              calendars: calendars
                .map((choice) => choice.externid)
                .filter((id) => (id === calendar ? on : item.calendars.includes(id))),
            }
          : item,
      ),
    }));
  };
  const setCategory = (externid: string, field: CategoryField, value: string) => {
    edited();
    setDraft((current) => ({
      ...current,
      categories: current.categories.map((item) =>
        item.externid === externid ? { ...item, [field]: value } : item,
      ),
    }));
    const fieldId: CatalogueFieldId = `category:${externid}:${field}`;
    if (invalid.includes(fieldId)) setInvalid((list) => list.filter((item) => item !== fieldId));
  };
  const addService = (category: string | null) => {
    edited();
    const next = withNewService(document, draft, category);
    setDraft(next);
    focusNext.current = `service:${next.services.at(-1)?.externid}:name`;
  };
  const addCategory = () => {
    edited();
    const next = withNewCategory(document, draft);
    setDraft(next);
    focusNext.current = `category:${next.categories.at(-1)?.externid}:name`;
  };
  const removeService = (service: ServiceDraft) => {
    edited();
    setDraft(withoutService(draft, service.externid));
    setInvalid((list) => list.filter((item) => !item.startsWith(`service:${service.externid}:`)));
    focusNext.current = `add:${service.category ?? ''}`;
  };

  const showProblems = (found: CatalogueFieldId[], elsewhere: string[]) => {
    setInvalid(found);
    setOthers(elsewhere);
    focusNext.current = found[0] ?? null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const local = localProblems(draft);
    if (local.length > 0) {
      setLocalFailure(true);
      showProblems(local, []);
      return;
    }
    setLocalFailure(false);
    setInvalid([]);
    setOthers([]);
    const sent = documentWith(document, draft);
    save.mutate(
      { document: sent, based_on: version },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const sorted = sortProblems(sent, problemsOf(error.body));
            showProblems(sorted.fields, sorted.other);
          }
        },
      },
    );
  };
  const failure = useSaveFailure(save, invalid.length > 0);

  const register = (key: string) => (element: HTMLElement | null) => {
    fields.current.set(key, element);
  };
  /** A labelled input of an item, tied to its error message. */
  const input = (
    fieldId: CatalogueFieldId,
    label: string,
    errorKey: string,
    value: string,
    onChange: (value: string) => void,
    extra: Record<string, unknown> = {},
    hint?: string,
  ): ReactNode => {
    const bad = invalid.includes(fieldId);
    const domId = `${id}-${fieldId.replaceAll(/[^\w-]/g, '_')}`;
    const described = [bad ? `${domId}-error` : null, hint ? `${domId}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={forms.field}>
        <label className={forms.label} htmlFor={domId}>
          {label}
        </label>
        {hint && (
          <p id={`${domId}-hint`} className={styles.hint}>
            {hint}
          </p>
        )}
        <input
          id={domId}
          className={forms.input}
          type="text"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          ref={register(fieldId)}
          aria-invalid={bad || undefined}
          aria-describedby={described || undefined}
          data-testid={`catalogue-${fieldId.split(':')[2]}`}
          {...extra}
        />
        {bad && (
          <p id={`${domId}-error`} className={forms.error} data-testid="catalogue-field-error">
            <Icon name="alert" size={16} />
            <span>{t(`admin.settings.catalogue.errors.${errorKey}`)}</span>
          </p>
        )}
      </div>
    );
  };

  const serviceRow = (service: ServiceDraft) => {
    const packs = service.added ? [] : packsUsing(document, service.externid);
    const promotions = service.added ? [] : promotionsUsing(document, service.externid);
    const blocked = packs.length > 0 || promotions.length > 0;
    const legendId = `${id}-${service.externid}-legend`;
    const blockId = `${id}-${service.externid}-blocked`;
    const field = (name: ServiceField, label: string, extra: Record<string, unknown> = {}) =>
      input(
        `service:${service.externid}:${name}`,
        label,
        ERROR_OF[name],
        service[name],
        (value) => setService(service.externid, name, value),
        extra,
      );
    return (
      <li key={service.externid} className={styles.itemRow} data-testid="catalogue-service">
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
              <div className={`${styles.checks} ${styles.performerChecks}`}>
                {calendars.map((calendar) => (
                  <label key={calendar.externid} className={styles.check}>
                    <input
                      type="checkbox"
                      checked={service.calendars.includes(calendar.externid)}
                      onChange={(event) =>
                        toggleCalendar(service.externid, calendar.externid, event.target.checked)
                      }
                      data-testid={`catalogue-calendar-${calendar.externid}`}
                    />
                    <span>{calendar.name}</span>
                  </label>
                ))}
              </div>
              {service.calendars.length === 0 && (
                <p id={`${legendId}-nobody`} className={styles.hint}>
                  {t('admin.settings.catalogue.nobody')}
                </p>
              )}
            </fieldset>
          )}
          <div className={styles.itemActions}>
            <Button
              variant="ghost"
              size="s"
              aria-disabled={blocked || undefined}
              aria-describedby={blocked ? blockId : undefined}
              onClick={() => {
                if (!blocked) removeService(service);
              }}
              data-testid="catalogue-remove"
            >
              <Icon name="close" size={16} />
              {t('admin.settings.catalogue.remove', {
                name: service.name.trim() || t('admin.settings.catalogue.newService'),
              })}
            </Button>
            {blocked && (
              <p id={blockId} className={styles.hint}>
                {t('admin.settings.catalogue.usedBy', { names: [...packs, ...promotions].join(', ') })}
              </p>
            )}
          </div>
        </fieldset>
      </li>
    );
  };

  const categorySection = (category: CategoryDraft | null, services: ServiceDraft[]) => {
    const key = category?.externid ?? '';
    const headingId = `${id}-category-${key || 'none'}`;
    const title = category
      ? category.name.trim() || t('admin.settings.catalogue.newCategory')
      : t('admin.settings.catalogue.noCategory');
    return (
      <section
        key={key || 'none'}
        className={styles.category}
        aria-labelledby={headingId}
        data-testid="catalogue-category"
      >
        <h2 id={headingId} className={styles.categoryTitle}>
          {title}
        </h2>
        {category && (
          <div className={`${styles.grid} ${styles.pairs}`}>
            {input(
              `category:${category.externid}:name`,
              t('admin.settings.catalogue.fields.categoryName'),
              'itemName',
              category.name,
              (value) => setCategory(category.externid, 'name', value),
              { required: true, maxLength: 255 },
            )}
            {input(
              `category:${category.externid}:publicname`,
              t('admin.settings.catalogue.fields.publicname'),
              'publicname',
              category.publicname,
              (value) => setCategory(category.externid, 'publicname', value),
              { maxLength: 255 },
            )}
          </div>
        )}
        {services.length > 0 ? (
          <ul className={styles.items}>{services.map(serviceRow)}</ul>
        ) : (
          <p className={styles.hint}>{t('admin.settings.catalogue.empty')}</p>
        )}
        <div>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', size: 's' })}
            onClick={() => addService(category?.externid ?? null)}
            ref={register(`add:${key}`)}
            data-testid="catalogue-add-service"
          >
            <Icon name="sparkle" size={16} />
            {t('admin.settings.catalogue.addService', { category: title })}
          </button>
        </div>
      </section>
    );
  };

  const known = new Set(draft.categories.map((category) => category.externid));
  const loose = draft.services.filter((service) => service.category === null || !known.has(service.category));
  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={submit}
      noValidate
      data-testid="catalogue-form"
    >
      <p className={styles.hint}>{t('admin.settings.catalogue.intro', { language })}</p>
      {draft.categories.map((category) =>
        categorySection(
          category,
          draft.services.filter((service) => service.category === category.externid),
        ),
      )}
      {loose.length > 0 && categorySection(null, loose)}
      <div>
        <Button variant="secondary" onClick={addCategory} data-testid="catalogue-add-category">
          <Icon name="list" size={18} />
          {t('admin.settings.catalogue.addCategory')}
        </Button>
      </div>
      <SaveBar
        save={save}
        version={version}
        failure={failure}
        others={others}
        localMessage={localFailure ? t('admin.settings.errors.invalidLocal') : null}
        onReload={onReload}
      />
    </form>
  );
}
