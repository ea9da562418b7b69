/**
 * /{urlname}/map (docs/requirements/booking-flow.md §2 screen 8): the address lines and a map with one marker at zoom 16;
 * the noAddress message when there are no coordinates; back to the group page, with a
 * notification, when there is neither an address nor coordinates. A back button.
 * "Go there" (docs/requirements/accounts-and-appointments.md §2) opens it on an appointment's own place, given in the navigation state
 * (app/map-place.ts): that address and marker replace the group's.
 */
import { lazy, Suspense, useEffect } from 'react';
import { placeFromState } from '../../app/map-place.ts';
import { groupPath } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import { appConfig } from '../../lib/config.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Navigate, useLocation, useNavigate } from '../../routing/routing.ts';
import { Button, ButtonAnchor } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../../ui/notification-store.ts';
import { Card, PageContainer, PageHeader } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './MapPage.module.css';

const LeafletMap = lazy(() => import('../../ui/LeafletMap.tsx').then((m) => ({ default: m.LeafletMap })));

export function MapPage() {
  const { t } = usePart('home');
  const { group } = useGroupContext();
  const navigate = useNavigate();
  const location = useLocation();
  // An appointment's place (always with coordinates), else the group's own address.
  const place = placeFromState(location.state);
  const address = place ?? (group.address?.address ? group.address : null);
  const point = place
    ? { lat: place.lat, lng: place.lng }
    : group.lat != null && group.lng != null
      ? { lat: group.lat, lng: group.lng }
      : null;
  const nothing = !address && !point;

  useEffect(() => {
    if (nothing) notify('noAddress', { tone: 'info' });
  }, [nothing]);

  if (nothing)
    return <Navigate replace to={{ pathname: groupPath(group.urlname), search: location.search }} />;

  // Back where the visitor came from inside the app; on a direct visit, to the group page.
  const back = () =>
    location.key !== 'default'
      ? navigate(-1)
      : navigate({ pathname: groupPath(group.urlname), search: location.search });
  const destination = point
    ? `${point.lat},${point.lng}`
    : [address?.address, address?.zipcode, address?.city].join(' ');

  return (
    <PageContainer>
      <PageHeader
        title={t('map.title')}
        eyebrow={group.name}
        lead={place ? t('map.appointmentPlace') : undefined}
      />
      <div className={styles.layout}>
        <Card>
          <address className={styles.address} data-testid="map-address">
            <span className={styles.name}>{group.name}</span>
            {address && (
              <>
                {address.address && <span>{address.address}</span>}
                <span>{[address.zipcode, address.city].filter(Boolean).join(' ')}</span>
                {address.country && address.country !== group.country && <span>{address.country}</span>}
              </>
            )}
          </address>
          <div className={styles.actions}>
            <ButtonAnchor
              href={`https://www.openstreetmap.org/directions?to=${encodeURIComponent(destination)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="external" />
              {t('map.directions')}
              <span className="visually-hidden"> {t('common.newTab')}</span>
            </ButtonAnchor>
            <Button variant="secondary" onClick={back} data-testid="map-back">
              <Icon name="back" />
              {t('map.back')}
            </Button>
          </div>
        </Card>
        {point ? (
          <Suspense fallback={<Spinner />}>
            <LeafletMap
              lat={point.lat}
              lng={point.lng}
              tileUrl={group.map_tile_url ?? appConfig.mapTileUrl}
              attribution={appConfig.mapAttribution}
              label={t('map.mapLabel', { name: group.name })}
              tilesUnavailable={t('map.tilesUnavailable')}
              markerTitle={group.name}
              height="min(60vh, 520px)"
            />
          </Suspense>
        ) : (
          <Card>
            <p className={styles.noMap} data-testid="map-no-address">
              <Icon name="pin" />
              {t('map.noAddress')}
            </p>
          </Card>
        )}
      </div>
    </PageContainer>
  );
}
