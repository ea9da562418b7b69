/**
 * What an erasure did (docs/back-office.md "Customers"): the file is gone, so this takes its place,
 * with the focus on it.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import type { ErasureResult } from '../../../api/admin-customers.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import styles from './customers.module.css';

/** After an erasure the file is gone: what was done, with the focus on it (the dialog's opener left). */
export function ErasedNotice({
  back,
  name,
  result,
}: {
  back: ReactNode;
  name: string;
  result: ErasureResult;
}) {
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
