/**
 * One customer's file (docs/back-office.md "Customers"): contact, counts, upcoming appointments
 * then past ones with the staff's marks and notes; with `customers.privacy`, the copy of their data
 * (right of access) and erasure on request. The back link returns to the search with its words.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  type CustomerFile,
  type ErasureResult,
  useCustomerFile,
  useExportCustomer,
} from '../../../api/admin-customers.ts';
import { ApiError } from '../../../api/client.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { AppointmentList } from './AppointmentList.tsx';
import { exportFileName, personName, telHref } from './customer-format.ts';
import styles from './customers.module.css';
import { EraseDialog } from './EraseDialog.tsx';
import { downloadJson } from './export-download.ts';
import { Stat } from './Stat.tsx';
import { useDayFormat } from './use-day-format.ts';

export function CustomerPage({ canPrivacy }: { canPrivacy: boolean }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const { ficheId = '' } = useParams();
  const id = Number(ficheId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const file = useCustomerFile(group.id, token, valid ? id : 0);
  const errorText = usePeopleErrorText();
  const [erased, setErased] = useState<{ name: string; result: ErasureResult } | null>(null);

  const back = <BackToSearch />;
  if (erased) return <ErasedNotice back={back} name={erased.name} result={erased.result} />;
  if (!valid || (file.isError && file.error instanceof ApiError && file.error.status === 404)) {
    return (
      <div className={styles.screen}>
        {back}
        <ScreenTitle title={t('admin.customers.notFoundTitle')} />
        <p className={styles.status}>{t('admin.customers.errors.ficheNotFound')}</p>
      </div>
    );
  }
  if (file.isError) {
    return (
      <div className={styles.screen}>
        {back}
        <ScreenTitle title={t('admin.sections.customers')} />
        <p className={styles.error} role="alert">
          {errorText(file.error)}
        </p>
        <Button variant="secondary" onClick={() => void file.refetch()}>
          <Icon name="refresh" />
          {t('admin.customers.retry')}
        </Button>
      </div>
    );
  }
  if (!file.data) return <Spinner page label={t('admin.loading')} />;
  return (
    <CustomerFileView
      file={file.data}
      back={back}
      canPrivacy={canPrivacy}
      onErased={(result) => setErased({ name: personName(file.data.customer), result })}
    />
  );
}

/** After an erasure the file is gone: what was done, with the focus on it (the dialog's opener left). */
function ErasedNotice({ back, name, result }: { back: ReactNode; name: string; result: ErasureResult }) {
  const { t } = usePart('admin');
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div className={styles.screen}>
      {back}
      <ScreenTitle title={t('admin.customers.erase.doneTitle')} />
      <div ref={notice} tabIndex={-1} className={styles.notice} role="status" data-testid="erase-result">
        <Icon name="check" />
        <div>
          <p className={styles.noticeTitle}>{t('admin.customers.erase.done', { name })}</p>
          <p>
            {t('admin.customers.erase.records', { n: result.erased_records })}{' '}
            {t('admin.customers.erase.cancelled', { n: result.cancelled_appointments })}
          </p>
        </div>
      </div>
    </div>
  );
}

function BackToSearch() {
  const { t } = usePart('admin');
  const { search } = useLocation();
  return (
    <Link to={{ pathname: '..', search }} relative="path" className={styles.back} data-testid="customer-back">
      <Icon name="back" />
      {t('admin.customers.back')}
    </Link>
  );
}

interface FileViewProps {
  file: CustomerFile;
  back: ReactNode;
  canPrivacy: boolean;
  onErased: (result: ErasureResult) => void;
}

function CustomerFileView({ file, back, canPrivacy, onErased }: FileViewProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const day = useDayFormat();
  const errorText = usePeopleErrorText();
  const exporter = useExportCustomer(group.id);
  const [exported, setExported] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const { customer, fields, upcoming, past } = file;
  const name = personName(customer) || t('admin.customers.noName');
  const answers = Object.entries(fields).filter(
    (entry): entry is [string, string | number | boolean] =>
      ['string', 'number', 'boolean'].includes(typeof entry[1]) && String(entry[1]).trim() !== '',
  );

  const runExport = () => {
    if (exporter.isPending) return;
    setExported(null);
    exporter.mutate(customer.fiche_id, {
      onSuccess: (data) => {
        const fileName = exportFileName(customer, data.exported_at);
        downloadJson(data, fileName);
        setExported(fileName);
      },
    });
  };

  return (
    <div className={styles.screen}>
      {back}
      <ScreenTitle title={name}>
        {canPrivacy && (
          <>
            <Button
              variant="secondary"
              onClick={runExport}
              aria-disabled={exporter.isPending || undefined}
              data-testid="customer-export"
            >
              {exporter.isPending ? t('admin.customers.export.running') : t('admin.customers.export.button')}
            </Button>
            <Button variant="danger" onClick={() => setErasing(true)} data-testid="customer-erase">
              {t('admin.customers.erase.button')}
            </Button>
          </>
        )}
      </ScreenTitle>

      <div aria-live="polite" className={styles.liveArea}>
        {exported && (
          <p className={styles.success} data-testid="export-done">
            <Icon name="check" />
            {t('admin.customers.export.done', { file: exported })}
          </p>
        )}
        {exporter.isError && (
          <p className={styles.error} role="alert">
            {errorText(exporter.error)}
          </p>
        )}
      </div>

      <div className={styles.fileGrid}>
        <section className={styles.card} aria-labelledby="customer-contact">
          <h2 id="customer-contact" className={styles.cardTitle}>
            {t('admin.customers.contact')}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('admin.detail.email')}</dt>
              <dd data-testid="customer-email">
                {customer.email ? (
                  <a href={`mailto:${customer.email}`}>{customer.email}</a>
                ) : (
                  t('admin.customers.none')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('admin.detail.phone')}</dt>
              <dd data-testid="customer-phone">
                {customer.phone ? (
                  <a href={telHref(customer.phone)}>{customer.phone}</a>
                ) : (
                  t('admin.customers.none')
                )}
              </dd>
            </div>
            {answers.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="customer-counts">
          <h2 id="customer-counts" className={styles.cardTitle}>
            {t('admin.customers.counts')}
          </h2>
          <dl className={styles.stats} data-testid="customer-stats">
            <Stat label={t('admin.customers.upcoming')} value={customer.upcoming} />
            <Stat label={t('admin.customers.past')} value={customer.past} />
            <Stat
              label={t('admin.customers.noShows')}
              value={customer.no_shows}
              warn={customer.no_shows > 0}
            />
            <Stat
              label={t('admin.customers.lastVisit')}
              value={customer.last_visit ? day(customer.last_visit) : t('admin.customers.never')}
            />
          </dl>
        </section>
      </div>

      <AppointmentList
        title={t('admin.customers.upcomingTitle')}
        empty={t('admin.customers.noUpcoming')}
        appointments={upcoming}
        testId="customer-upcoming"
      />
      <AppointmentList
        title={t('admin.customers.pastTitle')}
        empty={t('admin.customers.noPast')}
        appointments={past}
        testId="customer-past"
      />

      {erasing && (
        <EraseDialog customer={customer} name={name} onClose={() => setErasing(false)} onErased={onErased} />
      )}
    </div>
  );
}
