/**
 * What the app shows when rendering fails or a page's code cannot load (e.g. a chunk of a previous
 * deployment is gone): the generic error page with a reload.
 */
import { LOCALES } from '@creneau/core/locales';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { ErrorMessage } from './group/ErrorMessage.tsx';
import { browserLanguages, chooseLocale } from './language.ts';
import { AppFrame } from './shell/AppFrame.tsx';

export function RouteError() {
  const { t } = useTranslation();
  const locale = chooseLocale({ param: null, groupLocale: null, enabled: null, browser: browserLanguages() });
  return (
    <AppFrame
      group={null}
      session={null}
      locale={locale}
      enabledLocales={LOCALES}
      pageTitle={t('pages.error.title')}
    >
      <ErrorMessage />
    </AppFrame>
  );
}

/** Catches render errors below it and shows `fallback`. */
export class RouteErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
