/**
 * /not_found (docs/requirements/booking-flow.md §2, §8): the texts differ when the group is known, and then the page goes
 * back to the group's page after 10 seconds.
 */
import { useEffect, useState } from 'react';
import { type KnownGroup, lastGroup } from '../../app/last-group.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation } from '../../routing/routing.ts';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';

/** Seconds before a known group's page is reloaded. */
export const NOT_FOUND_RELOAD_SECONDS = 10;

interface NotFoundState {
  known?: boolean;
  group?: KnownGroup;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const { state, search } = useLocation() as { state: NotFoundState | null; search: string };
  const [known] = useState<KnownGroup | null>(() =>
    state?.known === false ? null : (state?.group ?? lastGroup()),
  );
  const [seconds, setSeconds] = useState(NOT_FOUND_RELOAD_SECONDS);
  const target = known ? `/${encodeURIComponent(known.urlname)}${search}` : null;

  useEffect(() => {
    if (!target) return;
    const started = Date.now();
    const tick = setInterval(() => {
      const left = NOT_FOUND_RELOAD_SECONDS - Math.floor((Date.now() - started) / 1000);
      setSeconds(Math.max(0, left));
    }, 1000);
    const reload = setTimeout(() => window.location.assign(target), NOT_FOUND_RELOAD_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(reload);
    };
  }, [target]);

  if (known && target) {
    return (
      <PageMessage
        icon="refresh"
        title={t('pages.notFound.knownTitle')}
        testId="page-not-found"
        actions={<ButtonAnchor href={target}>{t('pages.notFound.goNow', { name: known.name })}</ButtonAnchor>}
      >
        <p>{t('pages.notFound.knownText', { name: known.name })}</p>
        <p aria-live="polite" data-testid="not-found-countdown">
          {t('pages.notFound.countdown', { count: seconds })}
        </p>
      </PageMessage>
    );
  }
  return (
    <PageMessage icon="search" title={t('pages.notFound.title')} testId="page-not-found">
      <p>{t('pages.notFound.text')}</p>
      <p>{t('pages.notFound.hint')}</p>
    </PageMessage>
  );
}
