/** /{urlname}: sends the visitor to login, home, appointments or the first step (docs/requirements/booking-flow.md §4). */

import { useGroupContext } from '../../lib/group-context.ts';
import { Navigate, useLocation } from '../../routing/routing.ts';
import { groupPath } from '../paths.ts';
import { decideEntry } from '../startup/entry.ts';

export function GroupEntry() {
  const { group, session, steps, preselection } = useGroupContext();
  const { search } = useLocation();
  const target = decideEntry({
    group,
    session,
    steps: steps.map((s) => s.name),
    query: new URLSearchParams(search),
    hasPreselection: Object.keys(preselection).length > 0,
  });
  const page =
    target.kind === 'step'
      ? `book/${target.step}`
      : target.kind === 'login'
        ? 'book/login'
        : target.kind === 'unauthorized'
          ? ''
          : target.kind;
  return <Navigate replace to={{ pathname: groupPath(group.urlname, page), search }} />;
}

/** Any invalid path under a group goes back to the group's root, keeping the query (docs/requirements/booking-flow.md §2). */
export function RedirectToGroupRoot() {
  const { group } = useGroupContext();
  const { search } = useLocation();
  return <Navigate replace to={{ pathname: groupPath(group.urlname), search }} />;
}
