/** Person records (fiches): the caller's, a professional's search, creation and update. */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { commonQuery, dbId } from '../params.ts';
import { fieldMap, singleLineText } from '../wire-rules.ts';
import { plainQuery } from './common.ts';

/** A record: its fixed columns, and the group's own form fields beside them. */
export const fiche = z.looseObject({
  id: z.number().int(),
  group_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  firstphone: z.string().nullable(),
  deleted: z.boolean(),
  marketing_optin: z.boolean(),
  marketing_sms: z.boolean(),
  solocal_services_optin: z.boolean(),
  externid: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

// Field values are checked against the group's form by the server (names, phones, one line or
// several); here the envelope and the characters no field may hold.
const ficheBody = z.object({ fiche: fieldMap(100, 20_000) });

export const listFiches = endpoint({
  method: 'GET',
  path: '/api/v3/groups/:id/fiches',
  summary: "The caller's records (professionals: a search of the group's records)",
  tags: ['fiches'],
  params: z.object({ id: dbId }),
  querystring: z.object({ ...commonQuery, search: singleLineText(100).optional() }),
  answers: { 200: records(fiche) },
});

export const createFiche = endpoint({
  method: 'POST',
  path: '/api/v3/groups/:id/fiches',
  summary: 'Create a record',
  tags: ['fiches'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: ficheBody,
  answers: { 201: fiche },
});

export const updateFiche = endpoint({
  method: 'PUT',
  path: '/api/v3/groups/:id/fiches/:ficheId',
  summary: 'Update (or delete with deleted: true) a record',
  tags: ['fiches'],
  params: z.object({ id: dbId, ficheId: dbId }),
  querystring: plainQuery,
  body: ficheBody,
  answers: { 200: fiche },
});

export type Fiche = z.output<typeof fiche>;
