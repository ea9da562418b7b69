/**
 * One endpoint of the API as data: its method and path, and the zod schemas of its path
 * parameters, query, headers, body and answers. The server registers its route from it
 * (validation, OpenAPI, and in tests a check of every answer); the web client takes its types
 * from it. docs/api.md describes the calls in words.
 */
import { z } from 'zod';

type Schema = z.ZodType;

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `/api/v3/groups/:id/calendars`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: Schema;
  querystring?: Schema;
  headers?: Schema;
  body?: Schema;
  /** The successful answers by status. Errors share one form, added to every endpoint. */
  answers: Record<number, Schema>;
  /**
   * Error answers that carry more than the common form (errorAnswer), by status: e.g. a booking's
   * 409 with the next free times. They must still be the common form, with fields added.
   */
  errorAnswers?: Partial<Record<ErrorStatus, Schema>>;
}

/** Declares an endpoint, keeping its exact schema types for the server and the client. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/**
 * The one error form of the API (docs/api.md "Errors"): a key to translate, the same in a list,
 * and details that depend on the error (the group's phone, per-field errors, a retry delay…).
 */
export const errorAnswer = z.looseObject({
  message: z.string(),
  messages: z.object({ errors: z.array(z.string()) }),
});

/** The statuses every endpoint may answer with an error. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** A list answer: the records, as every catalogue and list call answers. */
export const records = <T extends Schema>(item: T) => z.object({ records: z.array(item) });

/** What the client receives on success (the first declared answer). */
export type AnswerOf<E extends Endpoint> = z.output<E['answers'][keyof E['answers'] & number]>;
