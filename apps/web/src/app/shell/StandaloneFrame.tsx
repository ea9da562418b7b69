/**
 * The frame of pages outside a group (not_found, inactive, disconnected, error, set_password), in
 * any of the 13 languages (chooseStandaloneLocale).
 */
import { LOCALES } from '@creneau/core/locales';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { chooseStandaloneLocale, useLanguage } from '../language.ts';
import { useParsedQuery } from '../query.ts';
import { AppFrame } from './AppFrame.tsx';
import { LoadingFrame } from './LoadingFrame.tsx';

interface StandaloneFrameProps {
  /** The page's title key. */
  titleKey: string;
  children: ReactNode;
}

export function StandaloneFrame({ titleKey, children }: StandaloneFrameProps) {
  const { params } = useParsedQuery();
  const { t } = useTranslation();
  // A visitor coming from a group's page (not found after it, forced password change) keeps its
  // language; otherwise the browser's.
  const locale = chooseStandaloneLocale(params.locale);
  const { ready } = useLanguage(locale);
  // A language switch keeps the page on screen until the new language has loaded.
  const shown = useRef(false);
  if (!ready && !shown.current) return <LoadingFrame />;
  shown.current = true;
  return (
    <AppFrame group={null} session={null} locale={locale} enabledLocales={LOCALES} pageTitle={t(titleKey)}>
      {children}
    </AppFrame>
  );
}
