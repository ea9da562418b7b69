/**
 * Failures in the domain's words. Modules throw them and know nothing of HTTP: the edge
 * (http/errors.ts) alone decides the status each kind is answered with and how the error body,
 * its headers and cookies look (docs/api.md "Errors").
 */

/** What kind of failure it is, whatever the protocol that reports it. */
export type FailureKind =
  /** The request itself is malformed or names something impossible. */
  | 'invalid'
  /** Nobody (or nobody any more) is logged in where someone must be. */
  | 'unauthenticated'
  /** The caller is known but may not do this. */
  | 'forbidden'
  | 'notFound'
  /** The state changed under the caller: already cancelled, already taken, a replayed key. */
  | 'conflict'
  /** Well-formed, but a business rule refuses it. */
  | 'unprocessable'
  /** Too many attempts: try again later. */
  | 'tooManyRequests'
  /** The body is larger than the call accepts (an upload over its limit). */
  | 'tooLarge'
  /** The body is of a kind the call does not take (an upload that is no image it reads). */
  | 'unsupportedType'
  /** Too much is being asked at once right now: try again shortly. */
  | 'busy';

export interface FailureOptions {
  /** Extra fields of the error body (the group's phone, per-field errors, …). */
  details?: Record<string, unknown>;
  /**
   * Also list the error as `errors: [{errorCode, error}]` and `errorCode`, the form the change and
   * cancel answers use; `code` is the catalogue's own number (10 for mintimeRDVError), else the
   * answer's status.
   */
  listed?: { code?: number };
  /** How long the caller should wait before trying again. */
  retryAfterSeconds?: number;
  /** The session the caller presented by cookie is over: the cookie goes too. */
  endsCookieSession?: boolean;
}

export class DomainError extends Error {
  readonly details: Record<string, unknown>;
  readonly listed: { code?: number } | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly endsCookieSession: boolean;

  constructor(
    readonly kind: FailureKind,
    /** The error key of the catalogue (docs/api.md "Errors"), which the client translates. */
    readonly key: string,
    options: FailureOptions = {},
  ) {
    super(key);
    this.name = 'DomainError';
    this.details = options.details ?? {};
    this.listed = options.listed;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.endsCookieSession = options.endsCookieSession ?? false;
  }
}

/** The common failures, by kind. */
export const errors = {
  badRequest: (key: string, details?: Record<string, unknown>) =>
    new DomainError('invalid', key, { details }),
  invalidApiKey: () => new DomainError('unauthenticated', 'invalidApiKey'),
  expiredConnection: () => new DomainError('unauthenticated', 'expiredConnection'),
  forbidden: (key = 'forbidden') => new DomainError('forbidden', key),
  groupDoesNotExist: (details?: Record<string, unknown>) =>
    new DomainError('notFound', 'groupDoesNotExist', { details }),
  notFound: (key = 'notFound') => new DomainError('notFound', key),
  conflict: (key: string, details?: Record<string, unknown>) => new DomainError('conflict', key, { details }),
  unprocessable: (key: string, details?: Record<string, unknown>) =>
    new DomainError('unprocessable', key, { details }),
  serverBusy: (retryAfterSeconds: number) => new DomainError('busy', 'serverBusy', { retryAfterSeconds }),
  tooManyRequests: (retryAfterSeconds: number, key = 'tooManyRequests') =>
    new DomainError('tooManyRequests', key, { retryAfterSeconds }),
};
