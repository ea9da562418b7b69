/**
 * Who is calling. The sessions module resolves it from the `token` parameter or the session cookie;
 * without either the caller is anonymous.
 */
import type { LinkKind } from './link-scope.ts';

export type ViewerType = 'anonymous' | 'user' | 'pro' | 'fiche' | 'guest';

export interface Viewer {
  type: ViewerType;
  sessionId: number | null;
  /** null for anonymous visitors and for fiche/guest sessions (the spec's "account id 0"). */
  accountId: number | null;
  email: string | null;
  /** Groups a professional may use. */
  proGroupIds: readonly number[];
  /** Fiche and guest sessions belong to one group and one fiche. */
  groupId: number | null;
  ficheId: number | null;
  /**
   * A session opened from a booking e-mail's link: only that link kind's actions, only on the
   * booking of that appointment (modules/sessions/link-scope.ts).
   */
  scope: { action: LinkKind; appointmentId: number } | null;
  needPasswordChange: boolean;
  ssoLogged: boolean;
  lastSignedAt: Date | null;
}

export const anonymousViewer: Viewer = {
  type: 'anonymous',
  sessionId: null,
  accountId: null,
  email: null,
  proGroupIds: [],
  groupId: null,
  ficheId: null,
  scope: null,
  needPasswordChange: false,
  ssoLogged: false,
  lastSignedAt: null,
};

/** Call-centre professionals of the group also see items whose public name is empty (docs/requirements/booking-flow.md §2, §6). */
export function seesUnnamedItems(
  viewer: Viewer,
  group: { id: number; settings: { callCenter?: boolean } },
): boolean {
  return viewer.type === 'pro' && Boolean(group.settings.callCenter) && viewer.proGroupIds.includes(group.id);
}
