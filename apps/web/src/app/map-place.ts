/**
 * "Go there" (docs/requirements/accounts-and-appointments.md §2): the map page shows an appointment's own place — its calendar's site
 * when the calendar set has an address, else the group's — instead of the group's address.
 *
 * The place travels to /{urlname}/map in the navigation state, as the register confirmation's
 * address does: it survives a reload (history.state) and, unlike query parameters, does not follow
 * the visitor to every later page (the query string is kept by every link, so lat/lng there would
 * turn the header's map button into this appointment's map). Whatever the state holds is checked
 * before the page uses it.
 */

/** A place the map page can show: address lines and coordinates. */
export interface MapPlace {
  address: string;
  zipcode: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
}

/** An appointment's address as the API sends it (docs/requirements/accounts-and-appointments.md §3). */
export interface AppointmentAddress {
  address?: string | null;
  city?: string | null;
  zipcode?: string | null;
  country?: string | null;
  /** Absent or null: the place has no coordinates (a site without them), so no map. */
  lat?: number | null;
  lng?: number | null;
}

/** The longest address line kept from the navigation state. */
const MAX_LINE = 255;

const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** An address line, or undefined when it is not a reasonable one. */
function line(value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' && value.length <= MAX_LINE ? value.trim() : undefined;
}

/** A place from untrusted data (the API, the navigation state); null unless it has coordinates. */
export function toMapPlace(value: unknown): MapPlace | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (!isLatitude(raw.lat) || !isLongitude(raw.lng)) return null;
  const address = line(raw.address);
  const zipcode = line(raw.zipcode);
  const city = line(raw.city);
  const country = line(raw.country);
  if (address === undefined || zipcode === undefined || city === undefined || country === undefined)
    return null;
  return { address, zipcode, city, country, lat: raw.lat, lng: raw.lng };
}

/**
 * Where "go there" leads for an appointment: its place, when it has coordinates. None for a video
 * consultation (there is nowhere to go), nor for a place without coordinates — the group's map
 * would then show somewhere else than the appointment's site.
 */
export function placeToGo(appointment: {
  address: AppointmentAddress | null;
  videoconference?: boolean | undefined;
  video_credentials?: unknown;
}): MapPlace | null {
  if (appointment.videoconference || appointment.video_credentials) return null;
  return toMapPlace(appointment.address);
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** True when a place is not the group's own address (another site of the group). */
export function isElsewhere(
  place: Pick<MapPlace, 'address' | 'city'>,
  group: { address?: { address?: string | null; city?: string | null } | null },
): boolean {
  return !same(place.address, group.address?.address) || !same(place.city, group.address?.city);
}

/** The navigation state that opens the map page on a place. */
export function mapState(place: MapPlace): { place: MapPlace } {
  return { place };
}

/** The place in the map page's navigation state; null for the group's own map. */
export function placeFromState(state: unknown): MapPlace | null {
  if (!state || typeof state !== 'object') return null;
  return toMapPlace((state as { place?: unknown }).place);
}
