/**
 * /{urlname}/fiches — "My information" (docs/requirements/accounts-and-appointments.md §2 customer-records page, §4 account page): a
 * settings tab (e-mail and password; absent for single-sign-on accounts, which have no e-mail of
 * their own), one tab per person named by first name, and an add tab while there are fewer than 8.
 * Each person's tab shows a flag while it holds unsaved changes, and leaving the page with any
 * raises the browser's warning. Hidden records (deleted, "$" last name) are not shown.
 */
import { mayAddRecord } from '@creneau/core/booking/records-cap';
import { localDateIn } from '@creneau/core/time/time-zone';
import { useCallback, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs';
import { type Fiche, useFiches } from '../../api/fiches.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';
import { isLogged } from '../../app/startup/access.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useLeaveWarning } from '../../lib/use-leave-warning.ts';
import { ExtraIcon } from '../../ui/auth/extra-icons.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { type FormValues, initialValues } from '../../ui/forms/form-state.ts';
import { Icon } from '../../ui/Icon.tsx';
import { PageContainer, PageHeader } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import tabStyles from '../../ui/Tabs.module.css';
import { AccountSettings } from './AccountSettings.tsx';
import { useCleanLink } from './account-navigation.ts';
import styles from './FichesPage.module.css';
import { RecordForm } from './RecordForm.tsx';
import { hasUnsavedChanges, MAX_RECORDS, recordFieldsFor } from './record-fields.ts';

const SETTINGS = 'settings';
const NEW = 'new';
const tabKey = (fiche: Fiche) => `fiche-${fiche.id}`;

export function FichesPage() {
  const { t } = usePart('account');
  const { group, session, locale } = useGroupContext();
  const token = useSessionToken();
  const link = useCleanLink();
  const customer = isLogged(session) && session.type === 'user';
  const fiches = useFiches(group.id, token, customer);
  const account = session.account as
    | (typeof session.account & { sso?: boolean; temp_email?: string | null })
    | null;
  // Single sign-on accounts have no e-mail or password of their own to manage (docs/requirements/accounts-and-appointments.md §2).
  const showSettings = Boolean(account && account.id > 0 && account.email && !account.sso);
  const [selected, setSelected] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, FormValues>>({});
  const today = localDateIn(new Date(), group.timezone);

  const label = useCallback((name: string) => t(`account.fields.${name}`), [t]);
  const savedFields = useMemo(() => recordFieldsFor(group, true, label), [group, label]);
  const newFields = useMemo(() => recordFieldsFor(group, false, label), [group, label]);
  // The records shown: the hidden ones ("$" last name, deleted) neither show nor count toward the cap.
  const records = fiches.data ?? [];
  // Only an account keeps several people; a link or guest session has its one record.
  const canAdd = (account?.id ?? 0) > 0 && mayAddRecord(records.length);

  const savedValues = useCallback(
    (fiche: Fiche) => initialValues(savedFields, fiche as Record<string, unknown>, locale),
    [savedFields, locale],
  );
  const valuesOf = (key: string, fiche: Fiche | null): FormValues =>
    drafts[key] ?? (fiche ? savedValues(fiche) : initialValues(newFields, {}, locale));
  const dirtyOf = (key: string, fiche: Fiche | null): boolean => {
    const draft = drafts[key];
    if (!draft) return false;
    return fiche
      ? hasUnsavedChanges(savedValues(fiche), draft, savedFields)
      : hasUnsavedChanges({}, draft, newFields);
  };
  const anyDirty = records.some((fiche) => dirtyOf(tabKey(fiche), fiche)) || (canAdd && dirtyOf(NEW, null));

  // docs/requirements/accounts-and-appointments.md §2: leaving with unsaved changes raises the browser's warning.
  useLeaveWarning(anyDirty);

  const setDraft = (key: string) => (values: FormValues) => setDrafts((was) => ({ ...was, [key]: values }));
  const forget = (key: string) =>
    setDrafts((was) => {
      const { [key]: _, ...rest } = was;
      return rest;
    });

  const header = (
    <PageHeader title={t('pages.fiches.title')} lead={t('account.records.lead', { name: group.name })} />
  );

  if (!customer) {
    return (
      <PageContainer narrow>
        {header}
        <div className={styles.empty}>
          <p>{t('account.records.loginFirst')}</p>
          <ButtonLink to={link('login')}>{t('account.login.submit')}</ButtonLink>
        </div>
      </PageContainer>
    );
  }
  if (fiches.isPending) {
    return (
      <PageContainer narrow>
        {header}
        <Spinner label={t('account.records.loading')} />
      </PageContainer>
    );
  }
  if (fiches.isError) {
    return (
      <PageContainer narrow>
        {header}
        <ErrorMessage onRetry={() => void fiches.refetch()} />
      </PageContainer>
    );
  }

  const keys = [...(showSettings ? [SETTINGS] : []), ...records.map(tabKey), ...(canAdd ? [NEW] : [])];
  const current =
    selected && keys.includes(selected) ? selected : ((records[0] ? tabKey(records[0]) : keys[0]) ?? NEW);

  const unsavedFlag = (
    <span className={styles.flag} data-testid="unsaved-flag">
      <span aria-hidden="true" className={styles.dot} />
      <span className="visually-hidden">{t('account.records.unsaved')}</span>
    </span>
  );

  return (
    <PageContainer narrow>
      {header}
      {records.length >= MAX_RECORDS && (
        <p className={`${styles.hint} ${styles.full}`} data-testid="records-full">
          {t('account.records.full', { max: MAX_RECORDS })}
        </p>
      )}
      <Tabs
        selectedKey={current}
        onSelectionChange={(key) => setSelected(String(key))}
        className={tabStyles.tabs}
      >
        <TabList aria-label={t('account.records.tabs')} className={`${tabStyles.tabList} ${styles.tabList}`}>
          {showSettings && (
            <Tab id={SETTINGS} className={tabStyles.tab} data-testid="tab-settings">
              <Icon name="shield" size={18} />
              {t('account.records.settingsTab')}
            </Tab>
          )}
          {records.map((fiche) => (
            <Tab key={fiche.id} id={tabKey(fiche)} className={tabStyles.tab} data-testid="tab-record">
              <Icon name="user" size={18} />
              {fiche.firstname || fiche.lastname}
              {dirtyOf(tabKey(fiche), fiche) && unsavedFlag}
            </Tab>
          ))}
          {canAdd && (
            <Tab id={NEW} className={tabStyles.tab} data-testid="tab-add">
              <ExtraIcon name="plus" size={18} />
              {t('account.records.addTab')}
              {dirtyOf(NEW, null) && unsavedFlag}
            </Tab>
          )}
        </TabList>
        {showSettings && account?.email && (
          <TabPanel id={SETTINGS} className={tabStyles.panel}>
            <AccountSettings
              groupId={group.id}
              accountId={account.id}
              email={account.email}
              pendingEmail={account.temp_email ?? null}
            />
          </TabPanel>
        )}
        {records.map((fiche) => (
          <TabPanel key={fiche.id} id={tabKey(fiche)} className={tabStyles.panel}>
            <div className={styles.recordCard}>
              <h2 className={styles.cardTitle}>
                <Icon name="user" />
                {`${fiche.firstname} ${fiche.lastname}`.trim()}
              </h2>
              <RecordForm
                groupId={group.id}
                fiche={fiche}
                fields={savedFields}
                values={valuesOf(tabKey(fiche), fiche)}
                onValues={setDraft(tabKey(fiche))}
                dirty={dirtyOf(tabKey(fiche), fiche)}
                locale={locale}
                today={today}
                onSaved={() => forget(tabKey(fiche))}
                onRemoved={() => {
                  forget(tabKey(fiche));
                  setSelected(null);
                }}
              />
            </div>
          </TabPanel>
        ))}
        {canAdd && (
          <TabPanel id={NEW} className={tabStyles.panel}>
            <div className={styles.recordCard}>
              <h2 className={styles.cardTitle}>
                <ExtraIcon name="plus" />
                {t('account.records.addTitle')}
              </h2>
              <p className={styles.hint}>
                {t('account.records.addHint', { left: MAX_RECORDS - records.length, max: MAX_RECORDS })}
              </p>
              <RecordForm
                groupId={group.id}
                fiche={null}
                fields={newFields}
                values={valuesOf(NEW, null)}
                onValues={setDraft(NEW)}
                dirty={dirtyOf(NEW, null)}
                locale={locale}
                today={today}
                onSaved={(saved) => {
                  forget(NEW);
                  setSelected(tabKey(saved));
                }}
              />
            </div>
          </TabPanel>
        )}
      </Tabs>
    </PageContainer>
  );
}
