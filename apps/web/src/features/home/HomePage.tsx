/**
 * /{urlname}/home, the mini-site (docs/requirements/booking-flow.md §2 screen 7): title, description, image slider,
 * highlighted service or pack with its offer text, up to six categories, services or packs with
 * "see more", opening hours, contact and map, social links and the extra information box.
 */

import { ApiError } from '../../api/client.ts';
import { useInterventions } from '../../api/interventions.ts';
import { useInterventionsets } from '../../api/interventionsets.ts';
import { usePackInterventions } from '../../api/pack-interventions.ts';
import { useWebsite } from '../../api/website.ts';
import { ToFirstStep } from '../../app/group/GroupEntry.tsx';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { ImageSlider } from '../../ui/ImageSlider.tsx';
import { PageContainer } from '../../ui/Page.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ContactCard } from './ContactCard.tsx';
import { Highlight } from './Highlight.tsx';
import { HomeHero } from './HomeHero.tsx';
import styles from './HomePage.module.css';
import { categoryItem, pickListed, serviceItem } from './home-items.ts';
import { Listing } from './Listing.tsx';
import { OpeningHoursCard } from './OpeningHoursCard.tsx';

export function HomePage() {
  const { t } = usePart('home');
  const { group, locale } = useGroupContext();
  // Shown only for a group with a mini-site: the route's HomeEntry sends the others to booking.
  const website = useWebsite(group.id);
  const listing = website.data?.listing ?? null;
  const needServices = listing === 'intervention' || Boolean(website.data?.highlight_service);
  const needPacks = listing === 'package' || Boolean(website.data?.highlight_package);
  const sets = useInterventionsets(listing === 'category' ? group.id : undefined, { locale });
  const services = useInterventions(needServices ? group.id : undefined, { locale });
  const packs = usePackInterventions(needPacks ? group.id : undefined, { locale });

  if (website.isPending) return <Spinner page />;
  if (website.isError) {
    // No mini-site after all: the visitor came to book.
    if (website.error instanceof ApiError && website.error.status === 404) return <ToFirstStep />;
    throw website.error;
  }
  const site = website.data;
  const items =
    listing === 'category'
      ? pickListed(sets.data ?? [], site.listset_ids.length ? site.listset_ids : site.listing_ids).map(
          categoryItem,
        )
      : listing === 'package'
        ? pickListed(packs.data ?? [], site.package_ids.length ? site.package_ids : site.listing_ids).map(
            serviceItem,
          )
        : listing === 'intervention'
          ? pickListed(services.data ?? [], site.listing_ids).map(serviceItem)
          : [];
  const highlighted = site.highlight
    ? site.highlight_package
      ? packs.data?.find((p) => p.id === site.highlight_package)
      : services.data?.find((s) => s.id === site.highlight_service)
    : undefined;
  const listingLoading = listing !== null && (sets.isLoading || services.isLoading || packs.isLoading);

  return (
    <PageContainer>
      <div className={styles.page} data-testid="home">
        {site.file_upload.length > 0 && <ImageSlider images={site.file_upload} label={t('home.gallery')} />}
        <div className={styles.columns}>
          <div className={styles.main}>
            <HomeHero title={site.title || group.name} description={site.quick_desc} />
            {highlighted && <Highlight item={serviceItem(highlighted)} offerText={site.offer_text} />}
            {listing && (items.length > 0 || listingLoading) && (
              <Listing kind={listing} items={items} loading={listingLoading} />
            )}
            {site.complement_text && (
              <section className={styles.section} aria-labelledby="home-about">
                <h2 id="home-about" className={styles.sectionTitle}>
                  {t('home.about')}
                </h2>
                <RichText text={site.complement_text} />
              </section>
            )}
          </div>
          <aside className={styles.side} aria-label={t('home.contact')}>
            <OpeningHoursCard hours={site.openinghours} />
            {site.contact_info && <ContactCard website={site} />}
            {site.otherbox && (
              // A box that brings its own heading keeps it; otherwise it gets ours.
              <section className={styles.card} aria-label={t('home.moreInfo')}>
                {!/^\s*<h[1-6]/i.test(site.otherbox) && (
                  <h2 className={styles.cardTitle}>{t('home.moreInfo')}</h2>
                )}
                <RichText text={site.otherbox} className={styles.otherbox} />
              </section>
            )}
          </aside>
        </div>
      </div>
    </PageContainer>
  );
}
