/**
 * A group's OpenID Connect provider seen through openid-client. Discovery documents are cached per
 * issuer for a few minutes — a cache, not state: a replica that has not seen the issuer yet simply
 * fetches it. The ID token comes straight from the token endpoint over TLS, so openid-client checks
 * its claims without needing the provider's keys (OpenID Connect Core §3.1.3.7).
 */
import * as oidc from 'openid-client';

export interface SsoSettings {
  issuer: string;
  client_id: string;
  client_secret: string;
}

const DISCOVERY_TTL_MS = 5 * 60_000;
/** Seconds; a provider that hangs must not hold a browser navigation for openid-client's 30 s. */
const REQUEST_TIMEOUT_S = 10;

// Ages on the process's monotonic timer: a cache of a remote document, not a rule about the request's instant.
const discovered = new Map<string, { metadata: Promise<oidc.ServerMetadata>; expiresAt: number }>();

/** Plain HTTP is only for a provider on this machine (development and tests). */
export function isLocalHttpIssuer(issuer: string): boolean {
  const url = URL.parse(issuer);
  return url?.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

function serverMetadata(sso: SsoSettings): Promise<oidc.ServerMetadata> {
  const cached = discovered.get(sso.issuer);
  if (cached && cached.expiresAt > performance.now()) return cached.metadata;
  const metadata = oidc
    .discovery(new URL(sso.issuer), sso.client_id, undefined, undefined, {
      timeout: REQUEST_TIMEOUT_S,
      ...(isLocalHttpIssuer(sso.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    })
    .then((config) => ({ ...config.serverMetadata() }));
  discovered.set(sso.issuer, { metadata, expiresAt: performance.now() + DISCOVERY_TTL_MS });
  // A failed discovery is not remembered: the next attempt asks the provider again.
  metadata.catch(() => {
    if (discovered.get(sso.issuer)?.metadata === metadata) discovered.delete(sso.issuer);
  });
  return metadata;
}

/**
 * HTTP Basic unless the provider only takes the secret in the body: Basic is what the discovery
 * standard assumes when a provider does not list its methods.
 */
function clientAuthentication(metadata: oidc.ServerMetadata, sso: SsoSettings): oidc.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  const postOnly = methods?.includes('client_secret_post') && !methods.includes('client_secret_basic');
  return postOnly ? oidc.ClientSecretPost(sso.client_secret) : oidc.ClientSecretBasic(sso.client_secret);
}

/** The openid-client configuration of a group's client at its provider. */
export async function providerClient(sso: SsoSettings): Promise<oidc.Configuration> {
  const metadata = await serverMetadata(sso);
  const config = new oidc.Configuration(
    metadata,
    sso.client_id,
    sso.client_secret,
    clientAuthentication(metadata, sso),
  );
  config.timeout = REQUEST_TIMEOUT_S;
  if (isLocalHttpIssuer(sso.issuer)) oidc.allowInsecureRequests(config);
  return config;
}
