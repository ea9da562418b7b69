/**
 * The header (docs/requirements/accounts-and-appointments.md §2): logo, home, book, map, language switch, login button or account menu.
 * Labels collapse to icons on narrow screens (login under 890 px).
 */
import type { Locale } from '@creneau/core/locales';
import { useState } from 'react';
import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { Link } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { groupPath, useKeepQuery } from '../paths.ts';
import { isLogged } from '../startup/access.ts';
import { AccountMenu } from './AccountMenu.tsx';
import styles from './Header.module.css';
import { LocaleSwitch } from './LocaleSwitch.tsx';

interface HeaderProps {
  group: Group | null;
  session: Session | null;
  steps: readonly string[];
  locale: Locale;
  enabledLocales: readonly Locale[];
  nologo: boolean;
  /** The page after the url name: "", "home", "map", "book/slots"… */
  page: string;
}

/** Up to two initials of a name, for groups without a logo. */
export function initials(name: string): string {
  const words = name.split(/[\s'’-]+/).filter((w) => /\p{L}|\d/u.test(w[0] ?? ''));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function hasPlace(group: Group): boolean {
  return (group.lat != null && group.lng != null) || Boolean(group.address?.address);
}

export function Header({ group, session, steps, locale, enabledLocales, nologo, page }: HeaderProps) {
  const { t } = useTranslation();
  // A wide logo is a wordmark that already shows the name: the name is then only for screen readers.
  const [wordmark, setWordmark] = useState(false);
  const keep = useKeepQuery();
  const logged = session ? isLogged(session) : false;
  const pro = logged && session?.type === 'pro';

  const brandContent = (
    <>
      {!nologo &&
        (group?.logo_url ? (
          // Logos are drawn for light backgrounds: a white chip keeps them legible on any header.
          <span className={styles.logoChip}>
            <img
              className={styles.logo}
              src={group.logo_url}
              alt=""
              onLoad={(event) => {
                const image = event.currentTarget;
                setWordmark(image.naturalWidth > 2 * image.naturalHeight);
              }}
            />
          </span>
        ) : group ? (
          <span className={styles.monogram} aria-hidden="true">
            {initials(group.name)}
          </span>
        ) : (
          <img className={styles.logo} src="/favicon.svg" alt="" width={40} height={40} />
        ))}
      <span className={wordmark && !nologo ? 'visually-hidden' : styles.name}>
        {group?.name ?? 'Créneau'}
      </span>
    </>
  );
  const brandClass = [styles.brand, group?.logo_url && !nologo && styles.hasLogo].filter(Boolean).join(' ');
  // Single sign-on-only groups: the logo leads nowhere for visitors who are not logged in.
  const brandClickable = group ? !(group.sso_login_only && !logged) : true;

  const onBooking = page.startsWith('book/');
  const showHome = group && !pro && group.has_minisite;
  const showBook = group && !group.sso_login_only && !onBooking;
  const showMap = group && hasPlace(group);
  const showLogin = group && !logged && steps.includes('login');

  return (
    <header className={styles.header} data-testid="header">
      <div className={styles.inner}>
        {brandClickable ? (
          <Link
            className={brandClass}
            to={keep(group ? groupPath(group.urlname) : '/')}
            aria-label={group ? t('header.logoLink', { name: group.name }) : 'Créneau'}
          >
            {brandContent}
          </Link>
        ) : (
          <span className={brandClass}>{brandContent}</span>
        )}
        <nav className={styles.nav} aria-label={t('header.navigation')}>
          {showHome && (
            <Link
              className={styles.action}
              to={keep(groupPath(group.urlname, 'home'))}
              aria-current={page === 'home' ? 'page' : undefined}
              data-testid="header-home"
            >
              <Icon name="home" />
              <span className={styles.label}>{t('header.home')}</span>
            </Link>
          )}
          {showBook && (
            <Link
              className={styles.action}
              to={keep(groupPath(group.urlname, steps[0] ? `book/${steps[0]}` : ''))}
              data-testid="header-book"
            >
              <Icon name="calendar" />
              <span className={styles.label}>{t('header.book')}</span>
            </Link>
          )}
          {showMap && (
            <Link
              className={styles.action}
              to={keep(groupPath(group.urlname, 'map'))}
              aria-current={page === 'map' ? 'page' : undefined}
              data-testid="header-map"
            >
              <Icon name="pin" />
              <span className={styles.label}>{t('header.map')}</span>
            </Link>
          )}
          {enabledLocales.length > 1 && (
            <LocaleSwitch
              locale={locale}
              locales={enabledLocales}
              triggerClassName={styles.action}
              codeClassName={styles.code}
            />
          )}
          {showLogin && (
            <Link
              className={`${styles.action} ${styles.primaryAction}`}
              to={keep(groupPath(group.urlname, 'login'))}
              data-testid="header-login"
            >
              <Icon name="user" />
              <span className={styles.loginLabel}>{t('header.login')}</span>
            </Link>
          )}
          {group && session && logged && (
            <AccountMenu
              group={group}
              session={session}
              triggerClassName={styles.action}
              labelClassName={styles.loginLabel}
            />
          )}
        </nav>
      </div>
    </header>
  );
}
