/** A customer's contact (with the record form's answers) and counts: the two cards atop their file. */
import type { CustomerFile } from '../../../api/admin-customers.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { CustomerCounts } from './CustomerCounts.tsx';
import { shownAnswers, telHref } from './customer-format.ts';
import styles from './customers.module.css';

export function CustomerCards({ customer, fields }: Pick<CustomerFile, 'customer' | 'fields'>) {
  const { t } = usePart('admin');
  const answers = shownAnswers(fields);
  return (
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
          <CustomerCounts customer={customer} />
        </dl>
      </section>
    </div>
  );
}
