/** Up to six categories, services or packs, each leading into the booking, and "see more". */

import { usePart } from '../../i18n/i18n.ts';
import { Link } from '../../routing/routing.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './HomePage.module.css';
import { type HomeItem, type ListingKind, preselectionOf, stepOfListing } from './home-items.ts';
import { ItemMeta } from './ItemMeta.tsx';
import { useBookingLink } from './use-booking-link.ts';

export function Listing({
  kind,
  items,
  loading,
}: {
  kind: ListingKind;
  items: HomeItem[];
  loading: boolean;
}) {
  const { t } = usePart('home');
  const link = useBookingLink();
  return (
    <section className={styles.section} aria-labelledby="home-listing" data-testid="home-listing">
      <h2 id="home-listing" className={styles.sectionTitle}>
        {t(`home.listing.${kind}`)}
      </h2>
      {loading ? (
        <Spinner small />
      ) : (
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Link className={styles.item} to={link.preselect(preselectionOf(item))}>
                {item.thumbnail ? (
                  <img className={styles.thumb} src={item.thumbnail} alt="" loading="lazy" />
                ) : (
                  <span className={styles.thumbPlaceholder} aria-hidden="true">
                    <Icon name={kind === 'category' ? 'list' : 'calendar'} />
                  </span>
                )}
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{item.name}</span>
                  <ItemMeta item={item} />
                </span>
                <Icon name="forward" size={18} className={styles.itemArrow} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.seeMore}>
        <ButtonLink variant="secondary" to={link.step(stepOfListing(kind))} data-testid="home-see-more">
          {/* Says where it leads: a bare "see more" tells a screen-reader's link list nothing. */}
          {kind === 'package' ? t('home.seeAllPackages') : t('home.seeAllServices')}
          <Icon name="forward" size={18} />
        </ButtonLink>
      </div>
    </section>
  );
}
