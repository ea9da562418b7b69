/**
 * Saving and removing a person's record (docs/requirements/accounts-and-appointments.md §5) as
 * mutations (query/query.ts): each refreshes the group's records once the server has answered.
 */
import { createFiche } from '../../api/fiche-create.ts';
import { updateFiche } from '../../api/fiche-update.ts';
import type { Fiche } from '../../api/fiches.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useMutation, useQueryClient } from '../../query/query.ts';

/** Creates a record, or updates `fiche` when there is one. */
export function useSaveRecord(groupId: number, fiche: Fiche | null | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      fiche ? updateFiche(groupId, fiche.id, body) : createFiche(groupId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.fiches.ofGroup(groupId) }),
  });
}

/** Removes a record (the API marks it deleted). */
export function useRemoveRecord(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ficheId: number) => updateFiche(groupId, ficheId, { deleted: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.fiches.ofGroup(groupId) }),
  });
}
