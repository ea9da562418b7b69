/**
 * Text a booker typed (names, comments) reaches whatever address they typed, so it must not become
 * a link there: we never make it one, and mail programs that turn addresses into links on their own
 * find none. Anything that reads as a web address, a domain or an e-mail address is shown "defanged"
 * (`example[.]com`, `https[:]//…`, `name[at]example[.]com`): still readable, never clickable.
 */
const LINK_LIKE = new RegExp(
  [
    // a scheme and what follows it: https://…, ftp://…
    String.raw`[\p{L}][\p{L}\p{N}+.-]*:\/\/\S*`,
    // www.… and any e-mail address
    String.raw`www\.\S+`,
    String.raw`[^\s@]+@[^\s@]+`,
    // a bare domain name: labels joined by dots, ending in two letters or more
    String.raw`[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}{2,}`,
  ].join('|'),
  'giu',
);

/** The text with every link-like part defanged; other text unchanged. */
export function unlinkable(text: string): string {
  return text.replace(LINK_LIKE, (token) =>
    token.replace(/:\/\//g, '[:]//').replace(/@/g, '[at]').replace(/\./g, '[.]'),
  );
}
