/** What every page of a group can read: the group, the session and the booking steps. */
import type { BookingStep } from '@creneau/core/booking/step-list';
import type { Locale } from '@creneau/core/locales';
import type { Preselection } from '@creneau/core/url/query-params';
import { createContext, useContext } from 'react';
import type { Group } from '../api/group.ts';
import type { Session } from '../api/session-current.ts';

export interface GroupContextValue {
  group: Group;
  session: Session;
  /** The booking steps, built at start-up from the group and the verified preselection. */
  steps: readonly BookingStep[];
  /** The query's booking choices, verified against the catalogue (extern ids mapped to ids). */
  preselection: Preselection;
  /** The interface language in use. */
  locale: Locale;
}

export const GroupContext = createContext<GroupContextValue | null>(null);

/** The current group's context; only valid under /{urlname}. */
export function useGroupContext(): GroupContextValue {
  const value = useContext(GroupContext);
  if (!value) throw new Error('useGroupContext outside a group page');
  return value;
}

/** The current group's context, or null on pages outside a group (not_found, inactive…). */
export function useOptionalGroupContext(): GroupContextValue | null {
  return useContext(GroupContext);
}
