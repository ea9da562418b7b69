/**
 * A customer's file once loaded (docs/back-office.md "Customers"): contact and counts, upcoming then
 * past appointments; with `customers.privacy`, the export of their data and the erasure.
 */
import { type ReactNode, useState } from 'react';
import type { CustomerFile, ErasureResult } from '../../../api/admin-customers.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { AppointmentList } from './AppointmentList.tsx';
import { CustomerCards } from './CustomerCards.tsx';
import { personName } from './customer-format.ts';
import styles from './customers.module.css';
import { EraseDialog } from './EraseDialog.tsx';
import { useCustomerExport } from './use-customer-export.ts';

interface FileViewProps {
  file: CustomerFile;
  back: ReactNode;
  canPrivacy: boolean;
  onErased: (result: ErasureResult) => void;
}

export function CustomerFileView({ file, back, canPrivacy, onErased }: FileViewProps) {
  const { t } = usePart('admin');
  const errorText = usePeopleErrorText();
  const { customer, fields, upcoming, past } = file;
  const exporter = useCustomerExport(customer);
  const [erasing, setErasing] = useState(false);
  const name = personName(customer) || t('admin.customers.noName');

  return (
    <div className={styles.screen}>
      {back}
      <ScreenTitle title={name}>
        {canPrivacy && (
          <>
            <Button
              variant="secondary"
              onClick={exporter.run}
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
        {exporter.exported && (
          <p className={styles.success} data-testid="export-done">
            <Icon name="check" />
            {t('admin.customers.export.done', { file: exporter.exported })}
          </p>
        )}
        {exporter.isError && (
          <p className={styles.error} role="alert">
            {errorText(exporter.error)}
          </p>
        )}
      </div>

      <CustomerCards customer={customer} fields={fields} />

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
