/** Address with a small map, phone, website, e-mail and social links of the mini-site. */
import { lazy, Suspense } from 'react';
import type { Website } from '../../api/website.ts';
import { groupPath } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import { appConfig } from '../../lib/config.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import { Link, useLocation } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { BrandIcon, type BrandName } from './BrandIcon.tsx';
import styles from './HomePage.module.css';

const LeafletMap = lazy(() => import('../../ui/LeafletMap.tsx').then((m) => ({ default: m.LeafletMap })));

const SOCIAL: { key: 'facebook' | 'twitterX' | 'instagram' | 'snapchat'; label: string; icon: BrandName }[] =
  [
    { key: 'facebook', label: 'Facebook', icon: 'facebook' },
    { key: 'twitterX', label: 'X', icon: 'twitterX' },
    { key: 'instagram', label: 'Instagram', icon: 'instagram' },
    { key: 'snapchat', label: 'Snapchat', icon: 'snapchat' },
  ];

export function ContactCard({ website }: { website: Website }) {
  const { t } = usePart('home');
  const { group } = useGroupContext();
  const { search } = useLocation();
  const address = group.address?.address ? group.address : null;
  const phone = group.phone?.trim();
  const coordinates = group.lat != null && group.lng != null;
  const socials = website.social_link ? SOCIAL.filter((s) => website[s.key]) : [];
  return (
    <section className={styles.card} aria-labelledby="home-contact" data-testid="home-contact">
      <h2 id="home-contact" className={styles.cardTitle}>
        <Icon name="pin" />
        {t('home.contact')}
      </h2>
      {address && (
        <address className={styles.address}>
          <span>{address.address}</span>
          <span>{[address.zipcode, address.city].filter(Boolean).join(' ')}</span>
        </address>
      )}
      {website.map && coordinates && (
        <MiniMap
          lat={group.lat!}
          lng={group.lng!}
          tileUrl={group.map_tile_url ?? appConfig.mapTileUrl}
          label={t('map.mapLabel', { name: group.name })}
          tilesUnavailable={t('map.tilesUnavailable')}
          markerTitle={group.name}
        />
      )}
      {(address || coordinates) && (
        <Link className={styles.contactLink} to={{ pathname: groupPath(group.urlname, 'map'), search }}>
          <Icon name="pin" size={18} />
          {t('home.seeMap')}
        </Link>
      )}
      <ul className={styles.contactList}>
        {phone && (
          <li>
            <a className={styles.contactLink} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <Icon name="phone" size={18} />
              <span className="visually-hidden">{t('home.phone')}: </span>
              {phone}
            </a>
          </li>
        )}
        {website.website_link && (
          <li>
            <a
              className={styles.contactLink}
              href={website.website_link}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="link" size={18} />
              {t('home.website')}
              <span className="visually-hidden"> {t('common.newTab')}</span>
            </a>
          </li>
        )}
        {website.social_link && website.mail && (
          <li>
            <a className={styles.contactLink} href={`mailto:${website.mail}`}>
              <Icon name="mail" size={18} />
              <span className="visually-hidden">{t('home.email')}: </span>
              {website.mail}
            </a>
          </li>
        )}
      </ul>
      {socials.length > 0 && (
        <div className={styles.social}>
          <p className={styles.socialTitle}>{t('home.followUs')}</p>
          <ul className={styles.socialList}>
            {socials.map((social) => (
              <li key={social.key}>
                <a
                  className={styles.socialLink}
                  href={website[social.key]!}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} ${t('common.newTab')}`}
                >
                  <BrandIcon name={social.icon} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * The small map, in a box of its final height from the first paint. Its code, styles and tiles load
 * only once the box comes near the viewport: on a phone the contact card is far down the page, and
 * most visitors go to book before they get there.
 */
function MiniMap(props: {
  lat: number;
  lng: number;
  tileUrl: string;
  label: string;
  tilesUnavailable: string;
  markerTitle: string;
}) {
  const [box, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <div className={styles.mapPlaceholder} />;
  return (
    <div ref={box} className={styles.miniMap} data-testid="home-mini-map" data-loaded={near}>
      {near ? (
        <Suspense fallback={placeholder}>
          <LeafletMap {...props} attribution={appConfig.mapAttribution} height={180} interactive={false} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
