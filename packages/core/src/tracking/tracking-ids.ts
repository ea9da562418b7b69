/**
 * Identifiers of the tracking tools a group may use (docs/group-configuration.md "Tracking"). A group
 * names its tools by id; the app loads each tool's own script from the tool's own host. No group
 * ever supplies code: one group's script would run on the origin every group's customers share.
 */

/** Google Tag Manager container: GTM- then 4 to 12 upper-case letters or digits. */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
/** Google Analytics 4 measurement id: G- then 4 to 16 upper-case letters or digits. */
export const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;
/** Meta (Facebook) pixel id: 6 to 20 digits. */
export const FACEBOOK_PIXEL_ID = /^[0-9]{6,20}$/;

/** The hosts those tools load their scripts from: the only script hosts the page's policy allows. */
export const TRACKING_SCRIPT_HOSTS = [
  'https://www.googletagmanager.com',
  'https://connect.facebook.net',
] as const;

export const gtmScriptUrl = (containerId: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
export const gaScriptUrl = (measurementId: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
