/**
 * Build-time settings of the web app (Vite `VITE_*` variables, read once here so the rest of the
 * code never touches import.meta.env).
 */
const env = import.meta.env;

export const appConfig = {
  apiKey: env.VITE_API_KEY || 'creneau-dev',
  apiBase: (env.VITE_API_BASE || '').replace(/\/$/, ''),
  mapTileUrl: env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '© OpenStreetMap',
  legalBaseUrl: (env.VITE_LEGAL_BASE_URL || 'https://creneau.app').replace(/\/$/, ''),
  dpoEmail: env.VITE_DPO_EMAIL || 'dpo@creneau.app',
  dpoPostalAddress: 'Créneau – DPO, 10 rue de la Paix, 75002 Paris, France',
} as const;
