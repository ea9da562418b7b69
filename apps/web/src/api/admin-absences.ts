/**
 * Absences, closures and public holidays from the back office (docs/back-office.md "Absences and
 * closures", "Public holidays"). Every change makes the group's back-office answers read again: the
 * agendas show the new blocks, the holidays which days are closed.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type {
  closeHolidays,
  createAbsence,
  listAbsences,
  listHolidays,
} from '@creneau/contract/endpoints/backoffice';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiCall } from './client.ts';

export type AbsenceList = AnswerOf<typeof listAbsences>;
export type CreatedAbsence = AnswerOf<typeof createAbsence>;
export type NewAbsence = BodyOf<typeof createAbsence>;
export type HolidayList = AnswerOf<typeof listHolidays>;
export type ClosedHolidays = AnswerOf<typeof closeHolidays>;
export type AffectedAppointment = CreatedAbsence['affected'][number];

const absenceKeys = {
  list: (groupId: number, token: string | null) => ['admin', groupId, token, 'absences'] as const,
  holidays: (groupId: number, token: string | null, year: number) =>
    ['admin', groupId, token, 'holidays', year] as const,
};

/** The absences and closures not yet over, the calendars they may go on, and the group's clock. */
export function useAbsenceList(groupId: number, token: string | null) {
  return useQuery({
    queryKey: absenceKeys.list(groupId, token),
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listAbsences, { params: { id: groupId } }, { signal }),
  });
}

/** Writes an absence (once or repeated) and answers its blocks and the appointments inside them. */
export function useCreateAbsence(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAbsence) =>
      apiCall(backofficeRoutes.createAbsence, { params: { id: groupId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}

/** Removes blocks: each one given, or with `series`, the whole series of the first. */
export function useDeleteAbsence(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, series }: { ids: readonly number[]; series: boolean }) => {
      const targets = series ? ids.slice(0, 1) : ids;
      const answers = await Promise.all(
        targets.map((absenceId) =>
          apiCall(backofficeRoutes.deleteAbsence, {
            params: { id: groupId, absenceId },
            query: series ? { series: '1' } : {},
          }),
        ),
      );
      return answers.reduce((sum, answer) => sum + answer.deleted, 0);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}

/** The public holidays of the group's country in a year, and which are closed already. */
export function useHolidays(groupId: number, token: string | null, year: number) {
  return useQuery({
    queryKey: absenceKeys.holidays(groupId, token, year),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.listHolidays, { params: { id: groupId }, query: { year } }, { signal }),
  });
}

/** Closes the whole group on the chosen holidays of a year. */
export function useCloseHolidays(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; dates: string[] }) =>
      apiCall(backofficeRoutes.closeHolidays, { params: { id: groupId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}
