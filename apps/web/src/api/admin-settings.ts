/**
 * The group's whole configuration from the back office (docs/group-configuration.md "While the
 * server runs, and versions"): read and saved whole by the owner, every save a version that can be
 * compared with the latest and restored.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type {
  diffConfigurationVersions,
  getConfiguration,
  listConfigurationVersions,
  saveConfiguration,
} from '@creneau/contract/endpoints/configuration';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { ApiError, apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type Configuration = AnswerOf<typeof getConfiguration>;
export type ConfigurationDocument = Configuration['document'];
export type SavedConfiguration = AnswerOf<typeof saveConfiguration>;
export type ConfigurationChange = SavedConfiguration['changes'][number];
export type ConfigurationVersion = AnswerOf<typeof listConfigurationVersions>['records'][number];
export type ConfigurationDiff = AnswerOf<typeof diffConfigurationVersions>;

const configurationKeys = {
  all: (groupId: number, token: string | null) =>
    [...adminKeys.ofGroup(groupId), token, 'configuration'] as const,
  current: (groupId: number, token: string | null) =>
    [...configurationKeys.all(groupId, token), 'current'] as const,
  versions: (groupId: number, token: string | null) =>
    [...configurationKeys.all(groupId, token), 'versions'] as const,
  diff: (groupId: number, token: string | null, version: number, latest: number) =>
    [...configurationKeys.all(groupId, token), 'diff', version, latest] as const,
};

export function useConfiguration(groupId: number, token: string | null) {
  return useQuery({
    queryKey: configurationKeys.current(groupId, token),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.getConfiguration, { params: { id: groupId } }, { signal }),
  });
}

export function useConfigurationVersions(groupId: number, token: string | null) {
  return useQuery({
    queryKey: configurationKeys.versions(groupId, token),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.listConfigurationVersions, { params: { id: groupId } }, { signal }),
    select: (answer) => answer.records,
  });
}

/** What changed from `version` to the latest one (`latest` only keys the cache). */
export function useVersionDiff(
  groupId: number,
  token: string | null,
  version: number | null,
  latest: number,
) {
  return useQuery({
    queryKey: configurationKeys.diff(groupId, token, version ?? 0, latest),
    queryFn: ({ signal }) =>
      apiCall(
        backofficeRoutes.diffConfigurationVersions,
        { params: { id: groupId, version: version ?? 0 } },
        { signal },
      ),
    enabled: version !== null,
  });
}

/**
 * After a write every back-office entry of the group is stale (a restore also replaces the
 * absences: docs/group-configuration.md), and so is the public group, whose name and phone show in
 * the booking pages' header, and its catalogue, which the booking pages keep for a minute.
 */
function useRefreshAfterWrite(groupId: number, urlname: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
      client.invalidateQueries({ queryKey: queryKeys.group(urlname) }),
      ...queryKeys.catalogueOfGroup(groupId).map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
}

export function useSaveConfiguration(groupId: number, urlname: string) {
  const refresh = useRefreshAfterWrite(groupId, urlname);
  return useMutation({
    mutationFn: (body: { document: ConfigurationDocument; based_on: number; accept_stranded?: boolean }) =>
      apiCall(backofficeRoutes.saveConfiguration, { params: { id: groupId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useRestoreVersion(groupId: number, urlname: string) {
  const refresh = useRefreshAfterWrite(groupId, urlname);
  return useMutation({
    mutationFn: ({
      version,
      basedOn,
      acceptStranded,
    }: {
      version: number;
      basedOn: number;
      acceptStranded?: boolean;
    }) =>
      apiCall(backofficeRoutes.restoreConfigurationVersion, {
        params: { id: groupId, version },
        body: { based_on: basedOn, accept_stranded: acceptStranded },
      }),
    onSuccess: () => refresh(),
    // Refused because someone saved meanwhile: the list shows their version for the next try.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}

/**
 * The appointments a save or a restore would have stranded when the server wrote nothing and asks
 * the owner first (`409 appointmentsStranded`, docs/back-office.md "Stranded appointments"); null
 * for any other outcome.
 */
export function wouldStrand(error: unknown): SavedConfiguration['stranded'] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.key !== 'appointmentsStranded')
    return null;
  const stranded = (error.body as { stranded?: unknown } | null)?.stranded;
  return Array.isArray(stranded) ? (stranded as SavedConfiguration['stranded']) : [];
}

/** The `problems` of a 422 answer (docs/group-configuration.md: "$.path: rule"), or none. */
export function problemsOf(body: unknown): string[] {
  const problems = (body as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
}
