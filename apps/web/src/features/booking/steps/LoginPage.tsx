/**
 * Booking step "login" (docs/requirements/accounts-and-appointments.md §2: login and register side by side; §4): a visitor logs in or
 * creates an account without leaving the booking. Registering carries the booking chosen so far
 * (pendingRdv); the first login after activation resumes it. A visitor already logged in passes
 * the step. Closed groups send their visitors here first (docs/requirements/booking-flow.md §4).
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import type { LoginResponse } from '../../../api/session-login.ts';
import { groupPath } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { appConfig } from '../../../lib/config.ts';
import { Navigate, useLocation, useNavigate } from '../../../routing/routing.ts';
import { ButtonAnchor } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { LoginForm } from '../../auth/LoginForm.tsx';
import { RegisterForm, RegistrationDisabled } from '../../auth/RegisterForm.tsx';
import { setFlow, useBookingStore } from '../booking-store.ts';
import { LazyRichText } from '../parts/LazyRichText.tsx';
import parts from '../parts/parts.module.css';
import { StepHeader } from '../parts/StepHeader.tsx';
import { pendingRdvOf, resumePending } from '../pending-rdv.ts';
import { useBooking } from '../use-booking.ts';
import styles from './LoginPage.module.css';

const STEP = 'login';

export function LoginPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, steps, logged, choice, go } = booking;
  const location = useLocation();
  const navigate = useNavigate();
  const loginId = useId();
  const registerId = useId();
  const selection = useBookingStore((s) => s.selection);
  const itemCalendars = useBookingStore((s) => s.itemCalendars);
  const inSequence = steps.some((s) => s.name === STEP);

  const resume = useCallback(
    (raw: unknown) => {
      const resumed = resumePending(raw, group.urlname, steps);
      if (!resumed) return false;
      setFlow(resumed.state);
      go(resumed.next, { replace: true });
      return true;
    },
    [group.urlname, steps, go],
  );

  /** After a login: the pending booking, else the step after this one, else the first step. */
  const proceed = useCallback(
    (pendingRdv: unknown) => {
      if (resume(pendingRdv)) return;
      if (inSequence) choice(STEP, (state) => ({ selection: state.selection }), []);
      else go(0, { replace: true });
    },
    [resume, inSequence, choice, go],
  );

  // Sent back here by the login page with a booking to resume.
  const handed = (location.state as { pendingRdv?: unknown } | null)?.pendingRdv;
  const resumed = useRef(false);
  useEffect(() => {
    if (!handed || resumed.current) return;
    resumed.current = true;
    proceed(handed);
  }, [handed, proceed]);

  // Logged in already: the step has nothing to ask.
  const passed = useRef(false);
  useEffect(() => {
    if (!logged || handed || passed.current || !inSequence) return;
    passed.current = true;
    choice(STEP, (state) => ({ selection: state.selection }), [], { auto: true });
  }, [logged, handed, inSequence, choice]);

  if (logged && !inSequence && !handed) return <Navigate replace to={booking.stepLink(0)} />;

  const sso = group.sso_provider ? (
    <ButtonAnchor
      variant="secondary"
      block
      href={`${appConfig.apiBase}/auth/sso/${encodeURIComponent(group.urlname)}/login?return_to=${encodeURIComponent(
        groupPath(group.urlname, `book/${steps.find((s) => s.name !== STEP)?.name ?? ''}`),
      )}`}
      data-testid="login-sso"
    >
      <Icon name="shield" />
      {t('booking.login.sso')}
    </ButtonAnchor>
  ) : null;

  return (
    <>
      <StepHeader step={STEP} lead={t('booking.login.lead', { name: group.name })} />
      {group.apptemplates?.login_text && (
        <div className={`${parts.note} ${styles.note}`}>
          <Icon name="info" />
          <LazyRichText text={group.apptemplates?.login_text} />
        </div>
      )}
      {group.sso_login_only ? (
        <section className={styles.card}>
          <p>{t('messages.ssoLoginOnly')}</p>
          {sso}
        </section>
      ) : (
        <div className={styles.columns}>
          <section className={styles.card} aria-labelledby={loginId} data-testid="login-column">
            <h2 id={loginId} className={styles.title}>
              {t('booking.login.haveAccount')}
            </h2>
            <LoginForm
              group={group}
              labelledBy={loginId}
              initialEmail={booking.params.email}
              onSuccess={(response: LoginResponse) => proceed(response.pendingRdv)}
              passwordExtra={
                <a
                  className={styles.forgot}
                  href={`${groupPath(group.urlname, 'reset_password')}${location.search}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate({
                      pathname: groupPath(group.urlname, 'reset_password'),
                      search: location.search,
                    });
                  }}
                >
                  {t('booking.login.forgot')}
                </a>
              }
            />
            {sso && (
              <>
                <p className={styles.or}>{t('booking.login.or')}</p>
                {sso}
              </>
            )}
          </section>
          <section className={styles.card} aria-labelledby={registerId} data-testid="register-column">
            <h2 id={registerId} className={styles.title}>
              {t('booking.login.newHere')}
            </h2>
            {group.open ? (
              <RegisterForm
                group={group}
                labelledBy={registerId}
                pendingRdv={
                  pendingRdvOf(group.urlname, { selection, itemCalendars }) as
                    | Record<string, unknown>
                    | undefined
                }
                onSuccess={(email) =>
                  navigate(
                    { pathname: groupPath(group.urlname, 'book/register_confirm'), search: location.search },
                    { state: { email } },
                  )
                }
              />
            ) : (
              <RegistrationDisabled group={group} />
            )}
          </section>
        </div>
      )}
    </>
  );
}
