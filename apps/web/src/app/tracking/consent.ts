/**
 * The visitor's GDPR choice about the group's measurement and advertising tags (footer "GDPR
 * choices"). No choice yet counts as accepted, as the group configured its tags; a refusal stops
 * tags, page-view events and the ad pixel from then on.
 */
import { create } from 'zustand';

const STORAGE_KEY = 'creneau.consent';

export type Consent = 'granted' | 'denied';

function read(): Consent {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'denied' ? 'denied' : 'granted';
  } catch {
    return 'granted';
  }
}

export const useConsentStore = create<{ consent: Consent }>(() => ({ consent: read() }));

/** Records the visitor's choice. */
export function setConsent(consent: Consent): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, consent);
  } catch {
    /* storage blocked: the choice lasts for this page */
  }
  useConsentStore.setState({ consent });
}

/** React hook: true when tracking is allowed. */
export function useTrackingAllowed(): boolean {
  return useConsentStore((state) => state.consent === 'granted');
}
