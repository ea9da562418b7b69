/**
 * A booking e-mail's link carries a ficheKey (docs/requirements/accounts-and-appointments.md §4 LoginProfile Fiche, cancel and export
 * links): the visitor is logged in with it before any page shows, then the key leaves the address.
 * A key that no longer works says so and the page opens without a session.
 */
import { useEffect } from 'react';
import type { Group } from '../../api/group.ts';
import { login } from '../../api/session-login.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import { errorKey } from '../../ui/auth/error-key.ts';
import { notify } from '../../ui/notification-store.ts';
import { LoadingFrame } from '../shell/LoadingFrame.tsx';
import { withoutParams } from '../startup/email-link.ts';

// One login per key even when React runs the effect twice (development) or the page re-renders.
const pending = new Map<string, Promise<unknown>>();

export function FicheKeyLogin({ group, ficheKey }: { group: Pick<Group, 'id'>; ficheKey: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    let live = true;
    let attempt = pending.get(ficheKey);
    if (!attempt) {
      attempt = login({ account: { group_id: group.id, ficheKey } }).catch((error: unknown) => {
        const key = errorKey(error);
        notify(key === 'expiredConnection' ? 'invalidLink' : key);
        // A failed key leaves the link's action behind too: there is nobody to do it for.
        return 'failed';
      });
      pending.set(ficheKey, attempt);
    }
    void attempt.then((outcome) => {
      pending.delete(ficheKey);
      if (!live) return;
      const drop = outcome === 'failed' ? ['ficheKey', 'cancel_apt', 'export_apt'] : ['ficheKey'];
      navigate({ pathname, search: withoutParams(search, drop) }, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [ficheKey, group.id, navigate, pathname, search]);
  return <LoadingFrame />;
}
