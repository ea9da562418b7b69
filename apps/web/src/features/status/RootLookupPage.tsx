/**
 * "/" with no url name: the group is looked up from the host (docs/requirements/booking-flow.md §2, §7 GET /urlname); a
 * failed look-up shows its first error as a notification and goes to the error page (§4, §8).
 */
import { useEffect } from 'react';
import { ApiError } from '../../api/client.ts';
import { useUrlnameForHost } from '../../api/urlname.ts';
import { LoadingFrame } from '../../app/shell/LoadingFrame.tsx';
import { Navigate, useLocation } from '../../routing/routing.ts';
import { notify } from '../../ui/notification-store.ts';

export function RootLookupPage() {
  const { search } = useLocation();
  const lookup = useUrlnameForHost(window.location.host);

  useEffect(() => {
    if (lookup.isError) {
      notify(lookup.error instanceof ApiError ? lookup.error.key : 'genericError');
    }
  }, [lookup.isError, lookup.error]);

  if (lookup.isPending) return <LoadingFrame />;
  if (lookup.isError) return <Navigate replace to={{ pathname: '/error', search }} />;
  return <Navigate replace to={{ pathname: `/${lookup.data.urlname}`, search }} />;
}
