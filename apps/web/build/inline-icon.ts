/**
 * Writes the site icon into index.html as a data address instead of a link to /favicon.svg: the
 * browser asks for the icon on every first load, and over HTTP/1.1 that request takes one of the six
 * connections the page's styles and scripts are waiting for (docs/web-app.md "First paint"). The
 * SVG is 0.5 KB; in the page it costs about 0.3 KB compressed and no round trip. The file stays in
 * public/ for the header's default logo.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const iconFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/favicon.svg');

/** A `data:` address for an SVG, percent-encoded only where an address or an attribute needs it. */
export function svgDataUri(svg: string): string {
  const encoded = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(
      /[%#<>"{}|\\^`\n\r\t&]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
  return `data:image/svg+xml,${encoded}`;
}

/** index.html with its `<link rel="icon" href="/favicon.svg">` pointing at the icon's data instead. */
export function withInlineIcon(html: string, svg: string): string {
  const link = /(<link rel="icon" href=")\/favicon\.svg(")/;
  if (!link.test(html)) throw new Error('index.html has no <link rel="icon" href="/favicon.svg">');
  return html.replace(link, (_, before: string, after: string) => `${before}${svgDataUri(svg)}${after}`);
}

export function inlineIcon(): Plugin {
  return {
    name: 'creneau-inline-icon',
    apply: 'build',
    transformIndexHtml: (html) => withInlineIcon(html, readFileSync(iconFile, 'utf8')),
  };
}
