/**
 * The addresses a group may send its webhooks to (docs/webhooks.md "Endpoints"). The same rule
 * runs in the back office's form and on the server when an endpoint is saved.
 *
 * - Like a link the pages show (public-links.ts): an absolute `https://` URL to a named host, with
 *   no user name or password in it and nothing around it. An IP literal is refused: an endpoint is
 *   a service on the internet, and a literal is the easiest way to aim at a private address.
 * - Only a deployment's test set-up (WEBHOOKS_ALLOW_LOOPBACK) also accepts `http://` and `https://`
 *   to `localhost`, `127.0.0.1` and `[::1]`, where the tests run their receivers.
 *
 * The server checks again, at each sending, the addresses the host name resolves to: a name may
 * point to a private network (docs/webhooks.md "What the server refuses to reach").
 */
import { isHttpsLink, MAX_LINK_LENGTH } from './public-links.ts';

export const MAX_WEBHOOK_URL_LENGTH = MAX_LINK_LENGTH;

export type WebhookUrlProblem = 'tooLong' | 'notHttps' | 'privateHost';

/** An IPv4 literal passes for a host name (`10.0.0.12`); no top-level domain is all digits. */
const isIpLiteral = (hostname: string) => hostname.startsWith('[') || /\.\d+$/.test(hostname);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why `value` cannot be a webhook endpoint, or null when it can. */
export function webhookUrlProblem(
  value: string,
  options: { allowLoopback: boolean },
): WebhookUrlProblem | null {
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return 'tooLong';
  if (isHttpsLink(value)) return isIpLiteral(new URL(value).hostname) ? 'privateHost' : null;
  if (value !== value.trim() || /\s/.test(value) || !/^https?:\/\//i.test(value)) return 'notHttps';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notHttps';
  }
  if (url.username || url.password) return 'notHttps';
  if (LOOPBACK_HOSTS.has(url.hostname)) return options.allowLoopback ? null : 'privateHost';
  // An IP literal or a one-label name (an intranet host).
  return url.protocol === 'https:' ? 'privateHost' : 'notHttps';
}
