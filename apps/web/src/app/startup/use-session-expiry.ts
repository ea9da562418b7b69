/**
 * Ends the session when it expires (docs/requirements/accounts-and-appointments.md §4): after two hours the token is forgotten, the
 * session's data cleared (fiches, appointments, taken appointments) and "expired connection"
 * shown. The same happens when the server refuses the token earlier (revoked, expired): the HTTP
 * client forgets it, and the session turning anonymous without a logout is noticed here.
 */
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import type { Session } from '../../api/session-current.ts';
import { consumeIntentionalLogout, forgetSessionData } from '../../api/session-end.ts';
import { clearSessionToken } from '../../api/session-token.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../ui/notification-store.ts';
import { expiryPlan } from './session-expiry.ts';

function expire(): void {
  clearSessionToken();
  forgetSessionData();
  notify('expiredConnection');
}

export function useSessionExpiry(session: Session): void {
  const { logged, lastSignedAt } = session;
  const wasLogged = useRef(logged);

  useEffect(() => {
    if (wasLogged.current && !logged && !consumeIntentionalLogout()) {
      forgetSessionData();
      notify('expiredConnection');
    }
    if (logged) consumeIntentionalLogout();
    wasLogged.current = logged;
  }, [logged]);

  useEffect(() => {
    if (!logged) return;
    const plan = expiryPlan(lastSignedAt, Date.now());
    if (plan.kind === 'timer') {
      const timer = setTimeout(() => {
        wasLogged.current = false;
        expire();
      }, plan.delay);
      return () => clearTimeout(timer);
    }
    // The clock cannot be trusted: the server's answer decides (a 401 ends the session).
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    }, plan.every);
    return () => clearInterval(timer);
  }, [logged, lastSignedAt]);
}
