/**
 * /signup — a person creates their business and becomes its owner (docs/back-office.md "Sign-up
 * and platform"): who they are, the business and its address, one service and the weekly hours.
 * The server judges every field; its `problems` show beside the fields they name. Created, the
 * person is logged in and lands in the new business's back office.
 */
import { COUNTRY_DEFAULTS } from '@creneau/core/group-config/new-business';
import { LOCALES } from '@creneau/core/locales';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type SignupBody, useSignup } from '../../api/signup.ts';
import { groupPath } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import styles from './SignupPage.module.css';
import { urlnameFrom } from './urlname-from.ts';

/** Countries offered: those with one zone, and a few neighbours that need theirs chosen. */
const COUNTRIES = [...Object.keys(COUNTRY_DEFAULTS), 'ES', 'PT'].sort();
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface DayHours {
  open: boolean;
  from: string;
  to: string;
}

const initialHours = (): DayHours[] =>
  WEEKDAYS.map((day) => ({ open: day <= 5, from: '09:00', to: '18:00' }));

/** The name of a weekday (1 Monday) in the page's language: 2024-01-01 was a Monday. */
const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

function allZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

export function SignupPage() {
  const { t } = usePart('account');
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const signup = useSignup();
  const titleId = useId();
  const [fields, setFields] = useState({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    name: '',
    urlname: '',
    street: '',
    zipcode: '',
    city: '',
    country: 'FR',
    timezone: '',
    language: (LOCALES as readonly string[]).includes(locale) ? locale : 'fr',
    serviceName: '',
    duration: '30',
    price: '',
  });
  const [urlnameEdited, setUrlnameEdited] = useState(false);
  const [hours, setHours] = useState(initialHours);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const regionNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const languageNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'language' }), [locale]);
  const zoneNeeded = !COUNTRY_DEFAULTS[fields.country];

  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({
      ...current,
      [name]: value,
      ...(name === 'name' && !urlnameEdited ? { urlname: urlnameFrom(value) } : {}),
    }));

  // The hours sent, in order: a problem of `business.hours[i]` belongs to the day of range i.
  const openDays = WEEKDAYS.filter((day) => hours[day - 1]!.open);
  const problemOf = (path: string) => problems[path]?.[0];
  const dayProblem = (day: number) => {
    const index = openDays.indexOf(day as (typeof WEEKDAYS)[number]);
    return index < 0 ? undefined : problemOf(`business.hours[${index}]`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    setFailure(null);
    const euros = fields.price.trim().replace(',', '.');
    const body: SignupBody = {
      owner: {
        firstname: fields.firstname,
        lastname: fields.lastname,
        email: fields.email,
        password: fields.password,
      },
      business: {
        name: fields.name,
        urlname: fields.urlname,
        address: {
          street: fields.street,
          zipcode: fields.zipcode,
          city: fields.city,
          country: fields.country,
        },
        ...(zoneNeeded && fields.timezone.trim() ? { timezone: fields.timezone.trim() } : {}),
        language: fields.language,
        service: {
          name: fields.serviceName,
          duration: Number(fields.duration) || 0,
          price: euros === '' ? null : Math.round(Number(euros) * 100) || 0,
        },
        hours: openDays.map((day) => ({ weekday: day, from: hours[day - 1]!.from, to: hours[day - 1]!.to })),
      },
    };
    try {
      const created = await signup.mutateAsync(body);
      navigate(groupPath(created.group.urlname, 'admin'), { replace: true });
    } catch (error) {
      const found =
        error instanceof ApiError
          ? (error.body as { problems?: Record<string, string[]> } | null)?.problems
          : null;
      if (found && typeof found === 'object' && !Array.isArray(found)) setProblems(found);
      setFailure(error instanceof ApiError ? error.key : 'other');
    }
  };

  const text = (
    name: keyof typeof fields,
    path: string,
    props: {
      type?: string;
      autoComplete?: string;
      maxLength?: number;
      hint?: ReactNode;
      inputMode?: 'numeric' | 'decimal';
      list?: string;
    } = {},
  ) => (
    <Field
      label={t(`account.signup.fields.${name}`)}
      problem={problemOf(path)}
      hint={props.hint}
      testId={`signup-${name}`}
    >
      {(id, describedBy, invalid) => (
        <input
          id={id}
          className={authStyles.input}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          list={props.list}
          maxLength={props.maxLength ?? 200}
          value={fields[name]}
          onChange={(event) => {
            if (name === 'urlname') setUrlnameEdited(true);
            set(name)(event.target.value);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={`signup-${name}`}
        />
      )}
    </Field>
  );

  return (
    <div className={styles.wrap}>
      <form
        className={styles.card}
        aria-labelledby={titleId}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <header className={styles.header}>
          <h1 id={titleId}>{t('account.signup.title')}</h1>
          <p className={styles.lead}>{t('account.signup.lead')}</p>
        </header>

        <fieldset className={styles.section}>
          <legend>{t('account.signup.sections.you')}</legend>
          <div className={styles.pair}>
            {text('firstname', 'owner.firstname', { autoComplete: 'given-name' })}
            {text('lastname', 'owner.lastname', { autoComplete: 'family-name' })}
          </div>
          {text('email', 'owner.email', { type: 'email', autoComplete: 'email' })}
          {text('password', 'owner.password', {
            type: 'password',
            autoComplete: 'new-password',
            maxLength: 128,
            hint: t('account.signup.passwordHint'),
          })}
        </fieldset>

        <fieldset className={styles.section}>
          <legend>{t('account.signup.sections.business')}</legend>
          {text('name', 'business.name', { autoComplete: 'organization', maxLength: 100 })}
          {text('urlname', 'business.urlname', {
            maxLength: 64,
            hint: t('account.signup.urlnameHint', {
              address: `${window.location.origin}/${fields.urlname || '…'}`,
            }),
          })}
          {text('street', 'business.address.street', { autoComplete: 'address-line1' })}
          {/* As an address is written: the street, then the postal code and the town. */}
          <div className={styles.pair}>
            {text('zipcode', 'business.address.zipcode', {
              autoComplete: 'postal-code',
              maxLength: 16,
            })}
            {text('city', 'business.address.city', { autoComplete: 'address-level2', maxLength: 100 })}
          </div>
          <div className={styles.pair}>
            <Field
              label={t('account.signup.fields.country')}
              problem={problemOf('business.address.country')}
              testId="signup-country"
            >
              {(id, describedBy) => (
                <select
                  id={id}
                  className={authStyles.input}
                  value={fields.country}
                  onChange={(event) => set('country')(event.target.value)}
                  aria-describedby={describedBy}
                  data-testid="signup-country"
                >
                  {COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {regionNames.of(code) ?? code}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label={t('account.signup.fields.language')}
              problem={problemOf('business.language')}
              testId="signup-language"
            >
              {(id, describedBy) => (
                <select
                  id={id}
                  className={authStyles.input}
                  value={fields.language}
                  onChange={(event) => set('language')(event.target.value)}
                  aria-describedby={describedBy}
                  data-testid="signup-language"
                >
                  {LOCALES.map((code) => (
                    <option key={code} value={code}>
                      {languageNames.of(code) ?? code}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {zoneNeeded ? (
            <>
              {text('timezone', 'business.timezone', {
                maxLength: 100,
                list: 'signup-zones',
                hint: t('account.signup.timezoneHint'),
              })}
              <datalist id="signup-zones">
                {allZones().map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </>
          ) : (
            <p className={authStyles.hint} data-testid="signup-zone">
              {t('account.signup.zoneOf', { zone: COUNTRY_DEFAULTS[fields.country]!.zone })}
            </p>
          )}
        </fieldset>

        <fieldset className={styles.section}>
          <legend>{t('account.signup.sections.service')}</legend>
          {text('serviceName', 'business.service.name', { maxLength: 100 })}
          <div className={styles.pair}>
            {text('duration', 'business.service.duration', { inputMode: 'numeric', maxLength: 4 })}
            {text('price', 'business.service.price', { inputMode: 'decimal', maxLength: 10 })}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>{t('account.signup.sections.hours')}</legend>
          {problemOf('business.hours') && (
            <p className={authStyles.error} role="alert">
              <Icon name="alert" />
              <span>{t(`account.signup.errors.${knownProblem(problemOf('business.hours')!)}`)}</span>
            </p>
          )}
          <ul className={styles.days}>
            {WEEKDAYS.map((day) => {
              const row = hours[day - 1]!;
              const update = (change: Partial<DayHours>) =>
                setHours((current) =>
                  current.map((item, i) => (i === day - 1 ? { ...item, ...change } : item)),
                );
              const name = weekdayName(day, locale);
              const problem = dayProblem(day);
              return (
                <li key={day} className={styles.day} data-testid={`signup-day-${day}`}>
                  <label className={styles.dayName}>
                    <input
                      type="checkbox"
                      checked={row.open}
                      onChange={(event) => update({ open: event.target.checked })}
                    />
                    {name}
                  </label>
                  <input
                    type="time"
                    className={authStyles.input}
                    aria-label={t('account.signup.opens', { day: name })}
                    value={row.from}
                    disabled={!row.open}
                    onChange={(event) => update({ from: event.target.value })}
                  />
                  <input
                    type="time"
                    className={authStyles.input}
                    aria-label={t('account.signup.closes', { day: name })}
                    value={row.to}
                    disabled={!row.open}
                    onChange={(event) => update({ to: event.target.value })}
                  />
                  {problem && (
                    <p className={`${authStyles.error} ${styles.dayProblem}`}>
                      <Icon name="alert" />
                      <span>{t(`account.signup.errors.${knownProblem(problem)}`)}</span>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>

        {failure && (
          <p className={authStyles.alert} role="alert" data-testid="signup-error">
            <Icon name="alert" />
            <span>{t(`account.signup.errors.${knownProblem(failure)}`)}</span>
          </p>
        )}
        <Button type="submit" block disabled={signup.isPending} data-testid="signup-submit">
          {signup.isPending ? t('account.signup.creating') : t('account.signup.submit')}
        </Button>
      </form>
    </div>
  );
}

/** A labelled field with its hint, or the server's problem in its place. */
function Field({
  label,
  problem,
  hint,
  testId,
  children,
}: {
  label: string;
  problem: string | undefined;
  hint?: ReactNode;
  testId: string;
  children: (id: string, describedBy: string, invalid: boolean) => ReactNode;
}) {
  const { t } = usePart('account');
  const id = useId();
  return (
    <div className={authStyles.field}>
      <label className={authStyles.label} htmlFor={id}>
        {label}
      </label>
      {children(id, `${id}-note`, Boolean(problem))}
      {problem ? (
        <p id={`${id}-note`} className={authStyles.error} data-testid={`${testId}-problem`}>
          <Icon name="alert" />
          <span>{t(`account.signup.errors.${knownProblem(problem)}`)}</span>
        </p>
      ) : (
        hint && (
          <p id={`${id}-note`} className={authStyles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

const KNOWN_PROBLEMS = new Set([
  'required',
  'tooLong',
  'emailValidator',
  'emailAlreadyExists',
  'passwordRules',
  'passwordTooLong',
  'urlnameFormat',
  'urlnameReserved',
  'urlnameTaken',
  'countryCode',
  'timezoneRequired',
  'timezoneUnknown',
  'languageUnknown',
  'durationRange',
  'priceRange',
  'hoursRequired',
  'weekday',
  'timeFormat',
  'rangeOrder',
  'rangeOverlap',
  'invalidSignup',
  'signupClosed',
  'tooManyRequests',
]);

/** The page's words for the server's keys; anything else is a generic failure. */
function knownProblem(key: string): string {
  return KNOWN_PROBLEMS.has(key) ? key : 'other';
}
