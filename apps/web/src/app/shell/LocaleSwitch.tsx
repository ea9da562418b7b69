/** The language switch: sets the `locale` parameter, which then follows every navigation. */
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from '../../i18n/i18n.ts';
import { useSearchParams } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MenuButton } from '../../ui/Menu.tsx';
import { saveLocale } from '../language.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

interface LocaleSwitchProps {
  locale: Locale;
  locales: readonly Locale[];
  triggerClassName: string | undefined;
  codeClassName: string | undefined;
}

export function LocaleSwitch({ locale, locales, triggerClassName, codeClassName }: LocaleSwitchProps) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  return (
    <MenuButton
      testId="locale-switch"
      triggerClassName={triggerClassName}
      menuLabel={t('header.chooseLanguage')}
      trigger={
        <>
          <Icon name="globe" />
          <span className="visually-hidden">
            {t('header.language', { language: LANGUAGE_NAMES[locale] })}{' '}
          </span>
          <span className={codeClassName}>{locale}</span>
        </>
      }
      selectedId={locale}
      sections={[
        {
          id: 'languages',
          entries: locales.map((code) => ({ id: code, label: LANGUAGE_NAMES[code], lang: code })),
        },
      ]}
      onAction={(code) => {
        saveLocale(code as Locale);
        setSearchParams(
          (params) => {
            params.set('locale', code);
            return params;
          },
          { replace: true },
        );
      }}
    />
  );
}
