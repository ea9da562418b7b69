/**
 * The addresses a group shows its visitors (docs/group-configuration.md "`website`"): its web site
 * and social links, and its pictures. The same rules run in the configuration schema (import and
 * back office) and in the settings forms of the browser.
 *
 * - A link is an absolute `https://` URL with a host name of at least two labels, and nothing
 *   around it: the home page puts it in an `href`, so `javascript:`, `data:` or `mailto:` would be
 *   another kind of link, a plain `http://` one a downgrade, and a user name in it
 *   (https://bank@evil.example) the shape of phishing.
 * - A picture is a path from the site root (an uploaded image, `/api/v3/groups/{id}/images/…`, or a
 *   file the app serves such as `/demo/…`) or an `https://` URL: the pages' content security policy
 *   loads images from the app and from https hosts only, so an `http://` picture would never show;
 *   `//host/…` (another host in disguise) and any other scheme are refused.
 */

export const MAX_LINK_LENGTH = 2048;

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** True when `value` is, exactly as written, an https link to a named host. */
export function isHttpsLink(value: string): boolean {
  if (value.length > MAX_LINK_LENGTH || value !== value.trim() || /\s/.test(value)) return false;
  if (!/^https:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && HOST.test(url.hostname);
}

/** True when `value` is a picture address the pages can show: a site path or an https link. */
export function isPictureAddress(value: string): boolean {
  if (value.length > MAX_LINK_LENGTH || /\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return isHttpsLink(value);
}
