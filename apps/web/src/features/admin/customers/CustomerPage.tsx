/**
 * One customer's file (docs/back-office.md "Customers"): contact, counts, upcoming appointments
 * then past ones with the staff's marks and notes; with `customers.privacy`, the copy of their data
 * (right of access) and erasure on request. The back link returns to the search with its words.
 */
import { useState } from 'react';
import { type ErasureResult, useCustomerFile } from '../../../api/admin-customers.ts';
import { ApiError } from '../../../api/client.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { useParams } from '../../../routing/routing.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { BackToSearch } from './BackToSearch.tsx';
import { CustomerFileView } from './CustomerFileView.tsx';
import { personName } from './customer-format.ts';
import styles from './customers.module.css';
import { ErasedNotice } from './ErasedNotice.tsx';

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
