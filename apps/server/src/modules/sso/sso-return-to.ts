/**
 * Where the browser lands after signing on. The address comes from a query parameter anyone can
 * write, so only a path of the group on this site is followed — anything else (another site,
 * `//host`, a backslash or control-character trick, another group) goes to the group's home page.
 */

const BASE = 'https://return-to.invalid';
const MAX_LENGTH = 2048;

/** A same-site path under `/{urlname}` taken from `raw`, else `/{urlname}`. */
export function safeReturnTo(raw: unknown, urlname: string): string {
  const home = `/${urlname}`;
  // Browsers read "\" as "/" and drop tabs and newlines, which can turn "/\evil" into "//evil".
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH || !raw.startsWith('/') || /[\\\p{Cc}]/u.test(raw)) {
    return home;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return home;
  }
  // The URL parser has resolved "..", "%2e%2e" and "//host" before the path is checked.
  if (url.origin !== BASE) return home;
  if (url.pathname !== home && !url.pathname.startsWith(`${home}/`)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}
