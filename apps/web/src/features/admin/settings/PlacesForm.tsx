/**
 * The calendars & resources form (docs/group-configuration.md "Calendars: `calendarsets` and
 * `calendars`"): the sites with their address, the calendars and the resources — added, renamed,
 * moved to a site, offered online or not, given the services they perform — and removed when no
 * pack preselects them (the server refuses a calendar with future appointments). Saved as the whole
 * document with `based_on` the version read (places-draft.ts keeps every other part as it was).
 */
import { type ReactNode, useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { PlaceCard } from './PlaceCard.tsx';
import styles from './places.module.css';
import {
  calendarsOfSite,
  documentWith,
  draftOf,
  localProblems,
  type PlaceDraft,
  packsPreselecting,
  type SiteDraft,
  serviceChoices,
  sortProblems,
  withCalendarsBack,
  withNewCalendar,
  withNewSite,
} from './places-draft.ts';
import { SiteCard } from './SiteCard.tsx';
import settings from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

type Section = 'sites' | 'calendars' | 'resources';

export function PlacesForm(props: EditorFormProps) {
  const { document } = props;
  const { t } = usePart('admin');
  const id = useId();
  const form = useEditorForm(props, 'untilEdit', {
    draftOf,
    documentWith,
    localProblems,
    sortProblems: (problems, sent) => sortProblems(sent, problems),
    // A calendar the server would not let go (future appointments) comes back, with why.
    onRefused: (fields, read) => {
      const kept = [...fields].filter(([, reason]) => reason === 'appointments').map(([field]) => field);
      if (kept.length > 0) setDraft((current) => withCalendarsBack(read, current, kept));
    },
  });
  const { draft, setDraft, register, focusNext, problemOf } = form;
  const services = useMemo(() => serviceChoices(document), [document]);

  const edited = (prefix: string) => {
    form.edited();
    form.forget(prefix);
  };
  const setSite = (externid: string, patch: Partial<SiteDraft>) => {
    edited(`site:${externid}:`);
    setDraft((current) => ({
      ...current,
      sites: current.sites.map((item) => (item.externid === externid ? { ...item, ...patch } : item)),
    }));
  };
  const setPlace = (externid: string, patch: Partial<PlaceDraft>) => {
    edited(`calendar:${externid}:`);
    setDraft((current) => ({
      ...current,
      calendars: current.calendars.map((item) => (item.externid === externid ? { ...item, ...patch } : item)),
    }));
  };
  const add = (section: Section) => {
    edited('-');
    const next =
      section === 'sites'
        ? withNewSite(document, draft)
        : withNewCalendar(document, draft, section === 'resources');
    setDraft(next);
    focusNext.current =
      section === 'sites'
        ? `site:${next.sites.at(-1)?.externid}:name`
        : `calendar:${next.calendars.at(-1)?.externid}:name`;
  };
  const remove = (section: Section, externid: string) => {
    edited(section === 'sites' ? `site:${externid}:` : `calendar:${externid}:`);
    setDraft((current) =>
      section === 'sites'
        ? { ...current, sites: current.sites.filter((item) => item.externid !== externid) }
        : { ...current, calendars: current.calendars.filter((item) => item.externid !== externid) },
    );
    focusNext.current = `add:${section}`;
  };

  const section = (name: Section, items: readonly unknown[], list: ReactNode) => (
    <section className={settings.category} aria-labelledby={`${id}-${name}`} data-testid={`places-${name}`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-${name}`} className={settings.categoryTitle}>
          {t(`admin.settings.places.${name}`)}
        </h2>
        <p className={settings.hint}>{t(`admin.settings.places.${name}Hint`)}</p>
      </div>
      {items.length > 0 ? (
        <ul className={settings.items}>{list}</ul>
      ) : (
        <p className={settings.hint}>{t(`admin.settings.places.${name}None`)}</p>
      )}
      <div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          onClick={() => add(name)}
          ref={register(`add:${name}`)}
          data-testid={`places-add-${name}`}
        >
          <Icon name={name === 'sites' ? 'pin' : name === 'resources' ? 'tag' : 'calendar'} size={16} />
          {t(`admin.settings.places.add.${name}`)}
        </button>
      </div>
    </section>
  );
  const card = (place: PlaceDraft) => (
    <PlaceCard
      key={place.externid}
      place={place}
      sites={draft.sites}
      services={services}
      onChange={(patch) => setPlace(place.externid, patch)}
      onRemove={() => remove(place.resource ? 'resources' : 'calendars', place.externid)}
      problemOf={problemOf}
      register={register}
      packs={place.added ? [] : packsPreselecting(document, place.externid)}
    />
  );
  const calendars = draft.calendars.filter((place) => !place.resource);
  const resources = draft.calendars.filter((place) => place.resource);
  return (
    <form
      className={`${settings.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="places-form"
    >
      <p className={settings.hint}>{t('admin.settings.places.intro')}</p>
      {section('calendars', calendars, calendars.map(card))}
      {section('resources', resources, resources.map(card))}
      {section(
        'sites',
        draft.sites,
        draft.sites.map((site) => (
          <SiteCard
            key={site.externid}
            site={site}
            onChange={(patch) => setSite(site.externid, patch)}
            onRemove={() => remove('sites', site.externid)}
            problemOf={problemOf}
            register={register}
            calendars={calendarsOfSite(draft, site.externid).map((place) => place.name || place.externid)}
          />
        )),
      )}
      <SaveBar {...form.saveBar} />
    </form>
  );
}
