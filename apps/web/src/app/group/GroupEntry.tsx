/** /{urlname}: sends the visitor to login, home, appointments or the first step (docs/requirements/booking-flow.md §4). */

import type { ReactNode } from 'react';
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

/** To the group's first booking step, keeping the query. */
export function ToFirstStep() {
  const { group, steps } = useGroupContext();
  const { search } = useLocation();
  return (
    <Navigate replace to={{ pathname: groupPath(group.urlname, `book/${steps[0]?.name ?? ''}`), search }} />
  );
}

/**
 * /{urlname}/home: the mini-site (`children`), or for a group without one straight on to booking —
 * decided here, with the group in hand, so that the home page's chunk and texts are not fetched
 * only to leave them (one round trip less before the first step shows: docs/web-app.md
 * "First paint").
 */
export function HomeEntry({ children }: { children: ReactNode }) {
  const { group } = useGroupContext();
  return group.has_minisite ? children : <ToFirstStep />;
}
