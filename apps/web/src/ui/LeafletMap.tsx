/**
 * A Leaflet map with one marker (docs/requirements/booking-flow.md §2 screen 8, §9: zoom 16). The tile URL is configurable;
 * when tiles cannot load the map keeps its marker over a neutral background and says so, instead
 * of breaking the page.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import styles from './LeafletMap.module.css';

export const MAP_ZOOM = 16;

export interface LeafletMapProps {
  lat: number;
  lng: number;
  tileUrl: string;
  attribution: string;
  /** Accessible name of the map region. */
  label: string;
  /** Text over the map when no tile could be loaded. */
  tilesUnavailable: string;
  /** The marker's tooltip (the place's name). */
  markerTitle: string;
  height: number | string;
  /** A static preview: no dragging, zooming or keyboard focus. */
  interactive?: boolean;
}

/** The theme's primary colour, for the pin. */
function pinColor(element: Element): string {
  return getComputedStyle(element).getPropertyValue('--body-primary-strong').trim() || '#0F80F3';
}

function pinIcon(color: string): L.DivIcon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="46" viewBox="0 0 36 46" aria-hidden="true"><path d="M18 45s16-15.2 16-27A16 16 0 0 0 2 18c0 11.8 16 27 16 27Z" fill="${color}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="18" r="6" fill="#fff"/></svg>`;
  return L.divIcon({ className: styles.pin, html: svg, iconSize: [36, 46], iconAnchor: [18, 45] });
}

export function LeafletMap({
  lat,
  lng,
  tileUrl,
  attribution,
  label,
  tilesUnavailable,
  markerTitle,
  height,
  interactive = true,
}: LeafletMapProps) {
  const container = useRef<HTMLElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      center: [lat, lng],
      zoom: MAP_ZOOM,
      scrollWheelZoom: false,
      dragging: interactive,
      touchZoom: interactive,
      doubleClickZoom: interactive,
      boxZoom: interactive,
      keyboard: interactive,
      zoomControl: interactive,
      attributionControl: true,
    });
    map.attributionControl.setPrefix(false);
    let loaded = 0;
    let failed = 0;
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: 19, errorTileUrl: '' })
      .on('tileload', () => {
        loaded += 1;
        setTilesFailed(false);
      })
      .on('tileerror', () => {
        failed += 1;
        if (loaded === 0 && failed >= 1) setTilesFailed(true);
      })
      .addTo(map);
    L.marker([lat, lng], {
      icon: pinIcon(pinColor(container.current)),
      title: markerTitle,
      alt: markerTitle,
      keyboard: false,
    }).addTo(map);
    // The container may have been sized after Leaflet measured it (fonts, layout): re-measure.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      layer.off();
      map.remove();
    };
  }, [lat, lng, tileUrl, attribution, interactive, markerTitle]);

  return (
    <div className={styles.wrap} style={{ height }} data-testid="leaflet-map">
      <section ref={container} className={styles.map} aria-label={label} />
      {tilesFailed && interactive && (
        <p className={styles.notice} role="status" data-testid="map-tiles-unavailable">
          {tilesUnavailable}
        </p>
      )}
    </div>
  );
}
