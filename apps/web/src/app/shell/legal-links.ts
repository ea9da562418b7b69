/** Legal pages of the footer: French terms for groups in France, international terms elsewhere. */
import { appConfig } from '../../lib/config.ts';

export interface LegalLinks {
  terms: string;
  accessibility: string;
}

/** The links for a group's country (FR when unknown, docs/requirements/accounts-and-appointments.md §2). */
export function legalLinks(country: string | null | undefined, base = appConfig.legalBaseUrl): LegalLinks {
  const french = (country || 'FR').toUpperCase() === 'FR';
  return french
    ? { terms: `${base}/fr/conditions-generales-utilisation`, accessibility: `${base}/fr/accessibilite` }
    : { terms: `${base}/en/terms-of-use`, accessibility: `${base}/en/accessibility` };
}
