/**
 * The group's tracking tools (docs/group-configuration.md "Tracking"): a Google Tag Manager
 * container and a Google Analytics property, named by id. Each tool's own script is loaded from its
 * own host — the page's policy allows no other script host and no inline script — and nothing the
 * group wrote is ever run. Ids are checked again here, against the patterns the server enforces.
 */
import {
  GA_MEASUREMENT_ID,
  GTM_CONTAINER_ID,
  gaScriptUrl,
  gtmScriptUrl,
} from '@creneau/core/tracking/tracking-ids';

export interface TrackingTools {
  gtm_container_id: string | null;
  ga_measurement_id: string | null;
}

const MARK = 'data-creneau-tracking';

function loadScript(src: string, tool: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(MARK, tool);
  document.head.appendChild(script);
  return script;
}

/** Starts the configured tools; returns a function removing their scripts. */
export function loadTrackingTools(tools: TrackingTools | null | undefined): () => void {
  const scripts: HTMLScriptElement[] = [];
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  if (tools?.gtm_container_id && GTM_CONTAINER_ID.test(tools.gtm_container_id)) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    scripts.push(loadScript(gtmScriptUrl(tools.gtm_container_id), 'gtm'));
  }
  if (tools?.ga_measurement_id && GA_MEASUREMENT_ID.test(tools.ga_measurement_id)) {
    // gtag.js reads its commands from the data layer as `arguments` objects.
    const gtag = function gtag(..._args: unknown[]) {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object itself
      dataLayer.push(arguments);
    };
    gtag('js', new Date());
    // Page views are sent by the app on each route change (page-views.ts), not by gtag itself.
    gtag('config', tools.ga_measurement_id, { send_page_view: false });
    scripts.push(loadScript(gaScriptUrl(tools.ga_measurement_id), 'ga'));
  }
  return () => {
    for (const script of scripts) script.remove();
  };
}
