/**
 * /{urlname}/admin/settings — the group's configuration, for its owner (docs/group-configuration.md
 * "While the server runs, and versions"): the business details editor, the services (/settings/services)
 * and opening hours (/settings/hours) editors, and the history of versions at /settings/history. The server checks the right and every value again.
 */
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useGroupLink } from '../../../app/paths.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { CatalogueForm } from './CatalogueForm.tsx';
import { ConfigurationEditor } from './ConfigurationEditor.tsx';
import { HistoryView } from './HistoryView.tsx';
import { HoursForm } from './HoursForm.tsx';
import { PlacesForm } from './PlacesForm.tsx';
import { RulesForm } from './RulesForm.tsx';
import { SequenceForm } from './SequenceForm.tsx';
import styles from './settings.module.css';
import { ThemeForm } from './ThemeForm.tsx';

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
        <NavLink end to={link('admin/settings')} className={tabClass} data-testid="settings-tab-details">
          {t('admin.settings.details.title')}
        </NavLink>
        <NavLink
          to={link('admin/settings/services')}
          className={tabClass}
          data-testid="settings-tab-services"
        >
          {t('admin.settings.catalogue.title')}
        </NavLink>
        <NavLink to={link('admin/settings/places')} className={tabClass} data-testid="settings-tab-places">
          {t('admin.settings.places.title')}
        </NavLink>
        <NavLink to={link('admin/settings/hours')} className={tabClass} data-testid="settings-tab-hours">
          {t('admin.settings.hours.title')}
        </NavLink>
        <NavLink to={link('admin/settings/rules')} className={tabClass} data-testid="settings-tab-rules">
          {t('admin.settings.rules.title')}
        </NavLink>
        <NavLink
          to={link('admin/settings/sequence')}
          className={tabClass}
          data-testid="settings-tab-sequence"
        >
          {t('admin.settings.sequence.title')}
        </NavLink>
        <NavLink to={link('admin/settings/theme')} className={tabClass} data-testid="settings-tab-theme">
          {t('admin.settings.theme.title')}
        </NavLink>
        <NavLink to={link('admin/settings/history')} className={tabClass} data-testid="settings-tab-history">
          {t('admin.settings.history.title')}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<ConfigurationEditor form={BusinessForm} />} />
        <Route path="services" element={<ConfigurationEditor form={CatalogueForm} />} />
        <Route path="places" element={<ConfigurationEditor form={PlacesForm} />} />
        <Route path="hours" element={<ConfigurationEditor form={HoursForm} />} />
        <Route path="rules" element={<ConfigurationEditor form={RulesForm} />} />
        <Route path="sequence" element={<ConfigurationEditor form={SequenceForm} />} />
        <Route path="theme" element={<ConfigurationEditor form={ThemeForm} />} />
        <Route path="history" element={<HistoryView />} />
        <Route path="*" element={<Navigate replace to={link('admin/settings')} />} />
      </Routes>
    </div>
  );
}
