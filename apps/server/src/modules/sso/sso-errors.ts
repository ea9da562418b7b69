/**
 * Why a sign-on failed. The browser is sent to `/{urlname}/error?sso_error=<key>`, so the web app
 * can show a message; the technical reason only goes to the log.
 */

export type SsoErrorKey =
  /** The flow cookie is missing, forged, expired or does not match the returned state. */
  | 'invalidState'
  /** The person refused, or the provider would not let them in (`access_denied`, `login_required`…). */
  | 'accessDenied'
  /** The provider answered the authorization request with another OAuth error. */
  | 'providerError'
  /** Discovery, token or user-info request failed: network, timeout, 5xx, bad configuration. */
  | 'providerUnavailable'
  /** The code exchange or the ID token did not pass validation. */
  | 'tokenRejected'
  /** The provider gave no usable e-mail address for a new account. */
  | 'emailMissing'
  /** A local account has this address but the provider does not vouch for it (`email_verified`). */
  | 'emailNotVerified'
  /** The address belongs to an account already tied to another identity, or to a professional. */
  | 'emailAlreadyLinked'
  /** The group's provider was removed while the person was signing on. */
  | 'notConfigured'
  /** Something failed on Créneau's side (the log says what). */
  | 'unexpected';

export class SsoError extends Error {
  constructor(
    readonly key: SsoErrorKey,
    /** For the log only: never shown to the browser. */
    readonly reason: string = key,
  ) {
    super(`${key}: ${reason}`);
  }
}

const PROVIDER_SIDE_FAILURE = /^(TypeError|TimeoutError|AbortError)$/;

/**
 * Network failures, timeouts and 5xx answers are the provider's trouble; the rest is a bad answer.
 * openid-client wraps them: the original error, or the HTTP response, is somewhere down `cause`.
 */
export function isProviderUnreachable(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth++) {
    if (cause instanceof Error && PROVIDER_SIDE_FAILURE.test(cause.name)) return true;
    const status = (cause as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 500) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
