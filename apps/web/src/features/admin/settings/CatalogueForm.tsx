/**
 * The services form (docs/group-configuration.md "Catalogue"): the categories and their services in
 * the group's own language — name, public name, duration, price — with services and categories
 * added, renamed and services removed when no pack or promotion names them. Saved as the whole
 * document with `based_on` the version read (catalogue-draft.ts keeps every other part as it was).
 */
import { useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { CategorySection } from './CategorySection.tsx';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import {
  type CategoryField,
  calendarChoices,
  currencySymbol,
  documentWith,
  draftOf,
  localProblems,
  type ServiceDraft,
  type ServiceField,
  sortProblems,
  withNewCategory,
  withNewService,
  withoutService,
} from './catalogue-draft.ts';
import { checkedWith } from './checked-with.ts';
import { ServiceRow } from './ServiceRow.tsx';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function CatalogueForm(props: EditorFormProps) {
  const { document } = props;
  const { t, i18n } = usePart('admin');
  const id = useId();
  const form = useEditorForm(props, 'untilEdit', {
    draftOf,
    documentWith,
    localProblems,
    sortProblems: (problems, sent) => sortProblems(sent, problems),
  });
  const { draft, setDraft, register, focusNext, invalid, edited, fixed } = form;
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

  const setService = (externid: string, field: ServiceField, value: string) => {
    edited();
    setDraft((current) => ({
      ...current,
      services: current.services.map((item) =>
        item.externid === externid ? { ...item, [field]: value } : item,
      ),
    }));
    fixed(`service:${externid}:${field}`);
  };
  const toggleCalendar = (externid: string, calendar: string, on: boolean) => {
    edited();
    setDraft((current) => ({
      ...current,
      services: current.services.map((item) =>
        item.externid === externid
          ? {
              ...item,
              calendars: checkedWith(
                calendars.map((choice) => choice.externid),
                item.calendars,
                calendar,
                on,
              ),
            }
          : item,
      ),
    }));
  };
  const setVideo = (externid: string, on: boolean) => {
    edited();
    setDraft((current) => ({
      ...current,
      services: current.services.map((item) =>
        item.externid === externid ? { ...item, videoconference: on } : item,
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
    fixed(`category:${externid}:${field}`);
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
    form.forget(`service:${service.externid}:`);
    focusNext.current = `add:${service.category ?? ''}`;
  };

  const serviceRow = (service: ServiceDraft) => (
    <ServiceRow
      key={service.externid}
      formId={id}
      service={service}
      document={document}
      calendars={calendars}
      currency={currency}
      invalid={invalid}
      register={register}
      onChange={(field, value) => setService(service.externid, field, value)}
      onToggleCalendar={(calendar, on) => toggleCalendar(service.externid, calendar, on)}
      onToggleVideo={(on) => setVideo(service.externid, on)}
      onRemove={() => removeService(service)}
    />
  );
  const known = new Set(draft.categories.map((category) => category.externid));
  const loose = draft.services.filter((service) => service.category === null || !known.has(service.category));
  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="catalogue-form"
    >
      <p className={styles.hint}>{t('admin.settings.catalogue.intro', { language })}</p>
      {draft.categories.map((category) => (
        <CategorySection
          key={category.externid}
          formId={id}
          category={category}
          services={draft.services.filter((service) => service.category === category.externid)}
          invalid={invalid}
          register={register}
          onChange={(field, value) => setCategory(category.externid, field, value)}
          onAddService={() => addService(category.externid)}
          renderService={serviceRow}
        />
      ))}
      {loose.length > 0 && (
        <CategorySection
          key="none"
          formId={id}
          category={null}
          services={loose}
          invalid={invalid}
          register={register}
          onAddService={() => addService(null)}
          renderService={serviceRow}
        />
      )}
      <div>
        <Button variant="secondary" onClick={addCategory} data-testid="catalogue-add-category">
          <Icon name="list" size={18} />
          {t('admin.settings.catalogue.addCategory')}
        </Button>
      </div>
      <SaveBar {...form.saveBar} />
    </form>
  );
}
