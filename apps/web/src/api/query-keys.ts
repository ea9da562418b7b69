/**
 * Every query key of the web app, in one place. A key starts with its kind and the group, so the
 * shorter forms (`queryKeys.slots.ofGroup(id)`) invalidate or drop every variant at once; what
 * belongs to a session is listed in `sessionData` and goes with it (session-end.ts).
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    current: (token: string | null) => ['session', token] as const,
  },
  group: (urlname: string) => ['group', urlname] as const,
  website: (groupId: number) => ['website', groupId] as const,
  urlname: (host: string) => ['urlname', host] as const,
  preselection: (groupId: number | undefined, preselection: unknown) =>
    ['preselection', groupId, preselection] as const,
  /** A catalogue list: interventionsets, interventions, calendarsets or calendars. */
  catalogue: (list: string, groupId: number, params: unknown) => [list, groupId, params] as const,
  packInterventions: (groupId: number, params: unknown) => ['pack_interventions', groupId, params] as const,
  /** Every catalogue list of a group, in every language (to invalidate them at once). */
  catalogueOfGroup: (groupId: number) =>
    ['interventionsets', 'interventions', 'pack_interventions', 'calendarsets', 'calendars'].map(
      (list) => [list, groupId] as const,
    ),
  slots: {
    ofGroup: (groupId: number) => ['availabletimeslots', groupId] as const,
    list: (groupId: number, params: unknown) => ['availabletimeslots', groupId, params] as const,
  },
  fiches: {
    ofGroup: (groupId: number) => ['fiches', groupId] as const,
    list: (groupId: number, token: string | null, search: string | undefined) =>
      ['fiches', groupId, token, search ?? ''] as const,
  },
  /** The platform administrators' list of every group. */
  platformGroups: ['platform', 'groups'] as const,
  appointments: {
    ofGroup: (groupId: number) => ['appointments', groupId] as const,
    list: (groupId: number, token: string | null, locale: string) =>
      ['appointments', groupId, token, locale] as const,
  },
} as const;

/** The kinds of data that belong to a session: dropped when it ends. */
export const sessionData = [
  queryKeys.session.all,
  ['appointments'],
  ['fiches'],
  queryKeys.platformGroups,
] as const;
