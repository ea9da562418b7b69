/**
 * Who is calling, as far as the rules of the read API care. The sessions module resolves it from
 * the `token` parameter or the session cookie; without one the caller is anonymous.
 */
import type { FastifyRequest } from 'fastify';

export interface Viewer {
  type: 'anonymous' | 'user' | 'pro' | 'fiche' | 'guest';
  accountId: number | null;
  /** Groups a professional may use. */
  proGroupIds: readonly number[];
}

export const anonymousViewer: Viewer = { type: 'anonymous', accountId: null, proGroupIds: [] };

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer>;

/** Call-centre professionals of the group also see items whose public name is empty (spec 000 §2, §6). */
export function seesUnnamedItems(
  viewer: Viewer,
  group: { id: number; settings: { callCenter?: boolean } },
): boolean {
  return viewer.type === 'pro' && Boolean(group.settings.callCenter) && viewer.proGroupIds.includes(group.id);
}
