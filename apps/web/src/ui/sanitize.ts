/**
 * Group-provided HTML (descriptions, home texts) goes through DOMPurify before reaching the page
 * (docs/web-app.md "Embedding and tracking"): no script, no event handler, no javascript: URL, no form or frame.
 * Links are forced to open in a new tab without giving the target page a handle on ours.
 */
import DOMPurify from 'dompurify';

const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'class', 'id'],
};

/** The HTML with everything dangerous removed. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG) as string;
}

/** True when the text looks like HTML rather than plain text (spec: "plain or HTML" descriptions). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text);
}
