/**
 * Where the customer pages lead (docs/requirements/accounts-and-appointments.md §4 Session): links that keep the query string but never
 * an e-mail link's one-time parameters, and the destination after a login — the pending booking to
 * resume, the first booking step for professionals, else the appointments.
 */
import { useCallback } from 'react';
import { groupPath } from '../../app/paths.ts';
import { LINK_PARAMS, withoutParams } from '../../app/startup/email-link.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { type To, useLocation, useNavigate } from '../../routing/routing.ts';

/** Parameters that only mean something on the page of the link (plus the e-mail prefill). */
const ONE_TIME = [...LINK_PARAMS, 'email'];

/** The query string without the link parameters. */
export function cleanSearch(search: string): string {
  return withoutParams(search, ONE_TIME);
}

/** A link inside the group that keeps the query string minus the link parameters. */
export function useCleanLink(): (page?: string) => To {
  const { group } = useGroupContext();
  const { search } = useLocation();
  return useCallback(
    (page = '') => ({ pathname: groupPath(group.urlname, page), search: cleanSearch(search) }),
    [group.urlname, search],
  );
}

/** What a successful login or activation leads to. */
export interface AfterLogin {
  type: 'user' | 'pro' | null;
  pendingRdv?: Record<string, unknown> | null | undefined;
}

/**
 * Navigates after a login. A pending booking goes to the booking's login step, which resumes it
 * (slot and choices restored, then contact details); it travels in the navigation state.
 */
export function useAfterLogin(): (result: AfterLogin) => void {
  const navigate = useNavigate();
  const link = useCleanLink();
  const { group, steps } = useGroupContext();
  const { state, search } = useLocation();
  const returnTo = returnPathOf(state, group.urlname);
  return useCallback(
    (result: AfterLogin) => {
      if (result.pendingRdv) {
        navigate(link('book/login'), { replace: true, state: { pendingRdv: result.pendingRdv } });
      } else if (returnTo) {
        // A page that sent the visitor to log in (the back office, docs/back-office.md) gets them back.
        navigate({ pathname: returnTo, search: cleanSearch(search) }, { replace: true });
      } else if (result.type === 'pro') {
        const first = steps.find((s) => s.name !== 'login')?.name;
        navigate(link(first ? `book/${first}` : ''), { replace: true });
      } else {
        navigate(link('appointments'), { replace: true });
      }
    },
    [navigate, link, steps, returnTo, search],
  );
}

/** The address a confirmation page was sent with (navigation state), if any. */
export function useSentTo(): string | null {
  const { state } = useLocation();
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

/** The page to go back to after the login (navigation state `returnTo`), only inside this group. */
export function returnPathOf(state: unknown, urlname: string): string | null {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith(`${groupPath(urlname)}/`) ? returnTo : null;
}
