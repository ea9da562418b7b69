/** The link back to the customer search, with the words it was searched by (docs/back-office.md "Customers"). */

import { usePart } from '../../../i18n/i18n.ts';
import { Link, useLocation } from '../../../routing/routing.ts';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './customers.module.css';

export function BackToSearch() {
  const { t } = usePart('admin');
  const { search } = useLocation();
  return (
    <Link to={{ pathname: '..', search }} relative="path" className={styles.back} data-testid="customer-back">
      <Icon name="back" />
      {t('admin.customers.back')}
    </Link>
  );
}
