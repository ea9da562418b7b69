/** Links from the home page into the booking, keeping the query string (docs/requirements/booking-flow.md §2). */
import { useCallback } from 'react';
import { groupPath } from '../../app/paths.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { type To, useLocation } from '../../routing/routing.ts';

/** To the group's entry with one more preselection parameter, or to a step. */
export function useBookingLink() {
  const { group } = useGroupContext();
  const { search } = useLocation();
  const preselect = useCallback(
    ([name, value]: [string, string]): To => {
      const params = new URLSearchParams(search);
      params.set(name, value);
      return { pathname: groupPath(group.urlname), search: `?${params}` };
    },
    [group.urlname, search],
  );
  const step = useCallback(
    (name: string): To => ({ pathname: groupPath(group.urlname, `book/${name}`), search }),
    [group.urlname, search],
  );
  return { preselect, step };
}
