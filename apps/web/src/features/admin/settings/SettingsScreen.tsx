/**
 * /{urlname}/admin/settings — the group's configuration, for its owner (docs/group-configuration.md
 * "While the server runs, and versions"): one tab per editor, each at its own path and saved
 * through ConfigurationEditor, and the history of versions at /settings/history. The server checks
 * the right and every value again.
 */
import type { ComponentProps } from 'react';
import { useGroupLink } from '../../../app/paths.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Navigate, NavLink, Route, Routes } from '../../../routing/routing.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { CatalogueForm } from './CatalogueForm.tsx';
import { ConfigurationEditor } from './ConfigurationEditor.tsx';
import { FormFieldsForm } from './FormFieldsForm.tsx';
import { HistoryView } from './HistoryView.tsx';
import { HoursForm } from './HoursForm.tsx';
import { OffersForm } from './OffersForm.tsx';
import { PlacesForm } from './PlacesForm.tsx';
import { RemindersForm } from './RemindersForm.tsx';
import { RulesForm } from './RulesForm.tsx';
import { SequenceForm } from './SequenceForm.tsx';
import { SiteForm } from './SiteForm.tsx';
import styles from './settings.module.css';
import { ThemeForm } from './ThemeForm.tsx';

/** The editors in tab order: the path under /settings ('' for the first), its title and its form. */
const EDITORS: readonly {
  path: string;
  testId: string;
  title: string;
  form: ComponentProps<typeof ConfigurationEditor>['form'];
}[] = [
  { path: '', testId: 'details', title: 'admin.settings.details.title', form: BusinessForm },
  { path: 'services', testId: 'services', title: 'admin.settings.catalogue.title', form: CatalogueForm },
  { path: 'offers', testId: 'offers', title: 'admin.settings.offers.title', form: OffersForm },
  { path: 'places', testId: 'places', title: 'admin.settings.places.title', form: PlacesForm },
  { path: 'hours', testId: 'hours', title: 'admin.settings.hours.title', form: HoursForm },
  { path: 'rules', testId: 'rules', title: 'admin.settings.rules.title', form: RulesForm },
  { path: 'reminders', testId: 'reminders', title: 'admin.settings.reminders.title', form: RemindersForm },
  { path: 'sequence', testId: 'sequence', title: 'admin.settings.sequence.title', form: SequenceForm },
  { path: 'form', testId: 'form', title: 'admin.settings.formFields.title', form: FormFieldsForm },
  { path: 'theme', testId: 'theme', title: 'admin.settings.theme.title', form: ThemeForm },
  { path: 'site', testId: 'site', title: 'admin.settings.site.title', form: SiteForm },
];

export function SettingsScreen() {
  const { t } = usePart('admin');
  const link = useGroupLink();
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.subLink} ${styles.subActive}` : styles.subLink;
  return (
    <div data-testid="settings-screen">
      <ScreenTitle title={t('admin.sections.settings')} />
      <p className={styles.intro}>{t('admin.settings.intro')}</p>
      <nav className={styles.subNav} aria-label={t('admin.settings.views')}>
        {EDITORS.map((editor) => (
          <NavLink
            key={editor.testId}
            end={editor.path === ''}
            to={link(editor.path ? `admin/settings/${editor.path}` : 'admin/settings')}
            className={tabClass}
            data-testid={`settings-tab-${editor.testId}`}
          >
            {t(editor.title)}
          </NavLink>
        ))}
        <NavLink to={link('admin/settings/history')} className={tabClass} data-testid="settings-tab-history">
          {t('admin.settings.history.title')}
        </NavLink>
      </nav>
      <Routes>
        {EDITORS.map(({ path, testId, form }) =>
          path === '' ? (
            <Route key={testId} index element={<ConfigurationEditor form={form} />} />
          ) : (
            <Route key={testId} path={path} element={<ConfigurationEditor form={form} />} />
          ),
        )}
        <Route path="history" element={<HistoryView />} />
        <Route path="*" element={<Navigate replace to={link('admin/settings')} />} />
      </Routes>
    </div>
  );
}
