/**
 * What a session opened from a booking e-mail's link may do (docs/customer-area.md "E-mail links").
 * Each link names its kind and the appointment it was sent for; the session reaches only that
 * appointment's booking (a pack or chained booking is several appointments) and only for the kind's
 * actions. Everything else — booking, changing a booking, creating or editing records, account
 * changes — is refused with 403 linkScope.
 */

/** The links of a booking mail, named as the spec's session fields name them (cancel_apt, export_apt). */
export type LinkKind = 'manage' | 'cancel_apt' | 'export_apt';
export type LinkAction = 'view' | 'cancel' | 'export';

const ACTIONS: Record<LinkKind, readonly LinkAction[]> = {
  // "Manage my appointment": see it, cancel it, add it to a calendar — but not move it.
  manage: ['view', 'cancel', 'export'],
  cancel_apt: ['view', 'cancel'],
  export_apt: ['view', 'export'],
};

export function isLinkKind(value: unknown): value is LinkKind {
  return value === 'manage' || value === 'cancel_apt' || value === 'export_apt';
}

/** True when a session of this link kind may do `action` (on its own booking; the caller checks which). */
export function linkAllows(kind: LinkKind, action: string): boolean {
  return (ACTIONS[kind] as readonly string[]).includes(action);
}

/**
 * The only calls that change something a link session may make; any other write is refused before
 * its handler runs, so a new write route is closed to link sessions until it is added here.
 */
export const LINK_SESSION_WRITES: ReadonlySet<string> = new Set([
  'POST /api/v3/groups/:id/appointments/batch_delete',
  'POST /api/v3/sessions/logout.json',
  // The same calls in the legacy generation (modules/legacy/legacy.routes.ts).
  'POST /api/groups/:id/appointments/batch_delete.json',
  'POST /api/sessions/logout.json',
]);
