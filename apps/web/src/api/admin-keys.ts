/**
 * Query keys of the back office (docs/back-office.md), beside query-keys.ts. Each starts with
 * 'admin', the group and the session token: another login never reads the previous person's
 * agenda from the cache, and `adminKeys.ofGroup(id)` reaches every back-office entry of a group.
 */
export const adminKeys = {
  ofGroup: (groupId: number) => ['admin', groupId] as const,
  membership: (groupId: number, token: string | null) => ['admin', groupId, token, 'membership'] as const,
  agendas: (groupId: number, token: string | null) => ['admin', groupId, token, 'agenda'] as const,
  agenda: (groupId: number, token: string | null, params: AgendaKeyParams) =>
    ['admin', groupId, token, 'agenda', params] as const,
  invitations: (groupId: number, token: string | null) => ['admin', groupId, token, 'invitations'] as const,
  appointment: (groupId: number, token: string | null, appointmentId: number) =>
    ['admin', groupId, token, 'appointment', appointmentId] as const,
} as const;

export interface AgendaKeyParams {
  from: string;
  days: number;
  /** Sorted calendar ids, or null for every calendar the caller works on. */
  calendarIds: readonly number[] | null;
}
