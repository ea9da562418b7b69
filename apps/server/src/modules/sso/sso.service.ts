/**
 * Single sign-on through a group's OpenID Connect provider: authorization code flow with PKCE,
 * state and nonce (openid-client). Starting the flow builds the provider's address and the flow
 * cookie; finishing it checks the answer, exchanges the code, finds or creates the account and
 * starts a session marked `sso_logged`.
 */
import * as oidc from 'openid-client';
import type { AppContext, CallScope } from '../../app-context.ts';
import { isActiveUrlname } from '../groups/groups.service.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { accountForIdentity, type SsoIdentity } from './sso-accounts.service.ts';
import { isProviderUnreachable, SsoError, type SsoErrorKey } from './sso-errors.ts';
import { FLOW_LIFETIME_MS, newState, type SsoFlow, urlnameFromState } from './sso-flow-cookie.ts';
import { providerClient, type SsoSettings } from './sso-provider.ts';
import { safeReturnTo } from './sso-return-to.ts';
import { type SsoScope, ssoScopeOf } from './sso-scope.ts';

export const CALLBACK_PATH = '/auth/sso/callback';
/** docs/requirements/booking-flow.md §1 and docs/requirements/accounts-and-appointments.md §2: the page shown after a single sign-on logout. */
export const DISCONNECTED_PATH = '/disconnected';
const SCOPE = 'openid email profile';

/** The group's generic error page, told why (docs/requirements/accounts-and-appointments.md §2 `/{urlname}/error`). */
export function errorPath(urlname: string, key: SsoErrorKey): string {
  return `/${urlname}/error?${new URLSearchParams({ sso_error: key })}`;
}

function redirectUri(ctx: AppContext): string {
  return `${ctx.config.publicUrl}${CALLBACK_PATH}`;
}

async function clientOf(sso: SsoSettings): Promise<oidc.Configuration> {
  try {
    return await providerClient(sso);
  } catch (error) {
    throw new SsoError('providerUnavailable', `discovery of ${sso.issuer}: ${(error as Error).message}`);
  }
}

/** The provider's authorization address and the flow to remember in the cookie. */
export async function beginLogin(
  { ctx, now, group, sso }: SsoScope,
  returnTo: unknown,
): Promise<{ location: string; flow: SsoFlow }> {
  const client = await clientOf(sso);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: SsoFlow = {
    state: newState(group.urlname),
    verifier,
    nonce: oidc.randomNonce(),
    urlname: group.urlname,
    returnTo: safeReturnTo(returnTo, group.urlname),
    expiresAt: now.getTime() + FLOW_LIFETIME_MS,
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri(ctx),
    response_type: 'code',
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { location: url.href, flow };
}

/** The provider's own refusal in the callback (RFC 6749 §4.1.2.1). */
function providerRefusal(query: Record<string, string>): SsoError | undefined {
  if (query.error === undefined) return undefined;
  const reason = `${query.error}${query.error_description ? `: ${query.error_description}` : ''}`;
  return new SsoError(query.error === 'access_denied' ? 'accessDenied' : 'providerError', reason);
}

/** The provider's answer to a flow: the flow remembered in the cookie and the callback's query. */
interface FlowAnswer {
  flow: SsoFlow;
  query: Record<string, string>;
}

async function exchangeCode(ctx: AppContext, client: oidc.Configuration, { flow, query }: FlowAnswer) {
  const current = new URL(redirectUri(ctx));
  for (const [name, value] of Object.entries(query)) current.searchParams.set(name, value);
  try {
    return await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    const key = isProviderUnreachable(error) ? 'providerUnavailable' : 'tokenRejected';
    throw new SsoError(key, `code exchange: ${(error as Error).message}`);
  }
}

/**
 * Who signed on. Many providers (oidc-provider among them) put the e-mail claims only in the
 * user-info answer when an access token is issued, so it is asked when the ID token lacks them.
 */
async function identityOf(
  client: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<SsoIdentity> {
  const claims = tokens.claims();
  if (!claims) throw new SsoError('tokenRejected', 'no ID token');
  let extra: Record<string, unknown> = {};
  if (
    (claims.email === undefined || claims.email_verified === undefined) &&
    client.serverMetadata().userinfo_endpoint
  ) {
    try {
      extra = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
    } catch (error) {
      const key = isProviderUnreachable(error) ? 'providerUnavailable' : 'tokenRejected';
      throw new SsoError(key, `user info: ${(error as Error).message}`);
    }
  }
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: claims.email ?? extra.email,
    emailVerified: claims.email_verified ?? extra.email_verified,
    name: claims.name ?? extra.name,
  };
}

/**
 * Finishes the flow remembered in the cookie with the provider's answer (the callback's query).
 * Returns the new session token and where to send the browser; any failure is an SsoError.
 */
export async function finishLogin(
  call: CallScope,
  { flow, query }: FlowAnswer,
): Promise<{ token: string; returnTo: string }> {
  const { ctx, now } = call;
  // The state ties this answer to the browser that started the flow (login CSRF); checked first.
  if (query.state !== flow.state) throw new SsoError('invalidState', 'state does not match the flow cookie');
  const refusal = providerRefusal(query);
  if (refusal) throw refusal;
  // The group the flow was started for, as it is now: its provider may have been removed since.
  const target = await ssoScopeOf(call, flow.urlname);
  if (!target) throw new SsoError('notConfigured', `group ${flow.urlname} has no provider any more`);
  const client = await clientOf(target.sso);
  const tokens = await exchangeCode(ctx, client, { flow, query });
  const identity = await identityOf(client, tokens);
  const account = await accountForIdentity(target, identity);
  const { token } = await startSession(ctx.db, now, {
    type: account.role === 'pro' ? 'pro' : 'user',
    accountId: account.id,
    groupId: target.group.id,
    ficheId: null,
    scope: null,
    scopeAppointmentId: null,
    ssoLogged: true,
  });
  return { token, returnTo: flow.returnTo };
}

/**
 * Where a failed callback sends the browser: the group's error page, told why — or nowhere (the
 * site's not-found page) when the group comes from the state alone, which anyone can write, and
 * names no active group.
 */
export async function failureLocation(
  { ctx }: CallScope,
  { flow, query }: { flow: SsoFlow | undefined; query: Record<string, string> },
  key: SsoErrorKey,
): Promise<string | undefined> {
  const urlname = flow?.urlname ?? urlnameFromState(query.state);
  const known = flow || (urlname && (await isActiveUrlname(ctx, urlname)));
  return known && urlname ? errorPath(urlname, key) : undefined;
}

/**
 * Where to send the browser to end the provider's session too: its end-session endpoint
 * (RP-initiated logout) coming back to /disconnected, or /disconnected straight away when the
 * provider has none or cannot be reached — logging out must never strand the person.
 */
export async function endSessionLocation({ ctx }: CallScope, target: SsoScope | undefined): Promise<string> {
  const disconnected = `${ctx.config.publicUrl}${DISCONNECTED_PATH}`;
  if (!target) return DISCONNECTED_PATH;
  const client = await providerClient(target.sso).catch(() => undefined);
  if (!client?.serverMetadata().end_session_endpoint) return DISCONNECTED_PATH;
  return oidc.buildEndSessionUrl(client, { post_logout_redirect_uri: disconnected }).href;
}
