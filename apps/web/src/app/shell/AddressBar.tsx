/** The dismissible address bar under the header (docs/requirements/accounts-and-appointments.md §2); dismissal lasts the browser session. */
import { useState } from 'react';
import type { Group } from '../../api/group.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { Link } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { groupPath, useKeepQuery } from '../paths.ts';
import styles from './AddressBar.module.css';

const key = (urlname: string) => `creneau.addressBar.${urlname}`;

function wasDismissed(urlname: string): boolean {
  try {
    return sessionStorage.getItem(key(urlname)) === 'dismissed';
  } catch {
    return false;
  }
}

/** One line: street, zip code and city. */
export function addressLine(address: Group['address']): string {
  if (!address) return '';
  return [address.address, [address.zipcode, address.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

export function AddressBar({ group }: { group: Group }) {
  const { t } = useTranslation();
  const keep = useKeepQuery();
  const [dismissed, setDismissed] = useState(() => wasDismissed(group.urlname));
  const line = addressLine(group.address);
  if (!line || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(key(group.urlname), 'dismissed');
    } catch {
      /* storage blocked: dismissed for this page only */
    }
  };
  return (
    <div className={styles.bar} data-testid="address-bar">
      <div className={styles.inner}>
        <Icon name="pin" size={18} className={styles.pin} />
        <p className={styles.text}>
          <Link to={keep(groupPath(group.urlname, 'map'))}>
            <span className="visually-hidden">{t('header.addressLabel')} </span>
            {line}
          </Link>
        </p>
        <button type="button" className={styles.close} onClick={dismiss} aria-label={t('header.hideAddress')}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}
