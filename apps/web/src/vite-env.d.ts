/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The api key every call carries (docs/requirements/booking-flow.md §7); the server's default key is creneau-dev. */
  readonly VITE_API_KEY?: string;
  /** Base of the API when it is not served from the same origin, e.g. https://api.example.com. */
  readonly VITE_API_BASE?: string;
  /** Map tiles URL template for Leaflet ({s}, {z}, {x}, {y}). */
  readonly VITE_MAP_TILE_URL?: string;
  /** Where the legal pages (terms, accessibility) live. */
  readonly VITE_LEGAL_BASE_URL?: string;
  /** The provider's data-protection officer's e-mail (personal-data page). */
  readonly VITE_DPO_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
