/**
 * A group's configuration from the back office (docs/group-configuration.md "Versions"): the
 * same document as the JSON import and export, read and saved whole while the server runs, every
 * save kept as a version that can be compared with another and restored. Owners only.
 */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { commonQuery, dbId } from '../params.ts';
import { plainQuery } from './common.ts';

const groupParams = z.object({ id: dbId });
const versionParams = z.object({ id: dbId, version: z.coerce.number().int().min(1).max(1_000_000) });

/** The whole configuration document (its schema is the import's: docs/group-configuration.md). */
const configurationDocument = z.record(z.string(), z.unknown());

/** One difference between two documents, named by its path in them. */
export const configurationChange = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/**
 * A future booked appointment the save left outside what is bookable (docs/back-office.md
 * "Stranded appointments"): the staff open its day in the agenda to move or cancel it.
 */
export const strandedAppointment = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  calendar_name: z.string(),
  /** Wall-clock times in the group's zone, YYYY-MM-DDTHH:MM. */
  starts_local: z.string(),
  ends_local: z.string(),
  intervention_name: z.string(),
  customer: z.object({ firstname: z.string(), lastname: z.string() }),
});

/**
 * Whether the owner, shown the appointments a write would strand (`409 appointmentsStranded`),
 * chose to write it all the same.
 */
const acceptStranded = z
  .boolean()
  .optional()
  .describe('true: write even if future appointments end up outside what is bookable');

/**
 * What a save or a restore did: the version it made (the same when nothing changed), how, and the
 * future appointments it stranded.
 */
const savedConfiguration = z.object({
  version: z.number().int(),
  changes: z.array(configurationChange),
  stranded: z.array(strandedAppointment),
});

export const getConfiguration = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/configuration',
  summary: "The group's configuration, as the JSON export gives it, with its version",
  description:
    'The single sign-on client secret is replaced by a mask; saving the mask keeps the secret as it is.',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: z.object({ version: z.number().int(), document: configurationDocument }) },
});

export const saveConfiguration = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/configuration',
  summary: "Saves the group's whole configuration, validated as an import",
  description:
    'All or nothing. `based_on` is the version the editor read: when someone saved since, the save is refused (`409 configurationChanged`) rather than overwriting their change. Problems answer `422 invalidConfiguration` with `problems`, each naming its JSON path; removing a calendar that has future appointments answers `422 calendarHasAppointments`. A save that would leave future appointments outside what is bookable (hours, exceptions, services) is undone and answered `409 appointmentsStranded` with them in `stranded`, unless `accept_stranded` is true; the answer then lists them in `stranded`.',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z.object({
    document: configurationDocument,
    based_on: z.number().int().min(0).optional(),
    accept_stranded: acceptStranded,
  }),
  answers: { 200: savedConfiguration },
});

export const listConfigurationVersions = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/configuration/versions',
  summary: 'The saved versions of the configuration, newest first',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: {
    200: records(
      z.object({
        version: z.number().int(),
        source: z.enum(['import', 'editor', 'restore', 'signup']),
        author: z.string().nullable(),
        created_at: z.string(),
        restored_from: z.number().int().nullable(),
      }),
    ),
  },
});

export const getConfigurationVersion = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/configuration/versions/:version',
  summary: 'One saved version of the configuration',
  tags: ['back office'],
  params: versionParams,
  querystring: plainQuery,
  answers: { 200: z.object({ version: z.number().int(), document: configurationDocument }) },
});

export const diffConfigurationVersions = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/configuration/versions/:version/diff',
  summary: 'What changed from a version to another (by default, to the latest)',
  tags: ['back office'],
  params: versionParams,
  querystring: z.object({
    ...commonQuery,
    against: z.coerce.number().int().min(1).max(1_000_000).optional(),
  }),
  answers: {
    200: z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(configurationChange) }),
  },
});

export const restoreConfigurationVersion = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/configuration/versions/:version/restore',
  summary: 'Makes an earlier version the configuration again, as a new version',
  description:
    'Like a save: a restore that would leave future appointments outside what is bookable answers `409 appointmentsStranded` with them in `stranded` and writes nothing, unless `accept_stranded` is true.',
  tags: ['back office'],
  params: versionParams,
  querystring: plainQuery,
  body: z.object({ based_on: z.number().int().min(0).optional(), accept_stranded: acceptStranded }),
  answers: { 200: savedConfiguration },
});
