/** The highlighted service or pack with the group's offer text (docs/requirements/booking-flow.md §2 screen 7). */

import { usePart } from '../../i18n/i18n.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import styles from './HomePage.module.css';
import { type HomeItem, preselectionOf } from './home-items.ts';
import { ItemMeta } from './ItemMeta.tsx';
import { useBookingLink } from './use-booking-link.ts';

export function Highlight({ item, offerText }: { item: HomeItem; offerText: string | null }) {
  const { t } = usePart('home');
  const link = useBookingLink();
  return (
    <section className={styles.highlight} aria-labelledby="home-highlight" data-testid="home-highlight">
      {item.thumbnail && <img className={styles.highlightImage} src={item.thumbnail} alt="" />}
      <div className={styles.highlightBody}>
        <p className={styles.eyebrow}>
          <Icon name="star" size={16} />
          {t('home.featured')}
        </p>
        <h2 id="home-highlight" className={styles.highlightTitle}>
          {item.name}
        </h2>
        {offerText && <RichText text={offerText} className={styles.offer} />}
        <ItemMeta item={item} />
        <div>
          <ButtonLink to={link.preselect(preselectionOf(item))} size="s">
            {t('home.bookThis')}
            <Icon name="forward" size={18} />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
