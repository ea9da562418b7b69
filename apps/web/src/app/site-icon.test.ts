/** The site icon written into index.html by the build (build/inline-icon.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { svgDataUri, withInlineIcon } from '../../build/inline-icon.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
const icon = readFileSync(path.join(webDir, 'public/favicon.svg'), 'utf8');

describe('the site icon in the page', () => {
  it('replaces the link to /favicon.svg by the icon itself', () => {
    const html = withInlineIcon(indexHtml, icon);
    expect(html).not.toContain('/favicon.svg');
    const href = /<link rel="icon" href="([^"]*)"/.exec(html)?.[1];
    expect(href?.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(href!.slice('data:image/svg+xml,'.length));
    expect(svg).toBe(icon.trim().replace(/\s+/g, ' '));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('escapes what would end the attribute or the address', () => {
    const uri = svgDataUri('<svg a="1" b=\'2\'>#&%</svg>');
    expect(uri).not.toMatch(/["<>#&]/);
    expect(decodeURIComponent(uri.slice(uri.indexOf(',') + 1))).toBe('<svg a="1" b=\'2\'>#&%</svg>');
  });

  it('fails the build when index.html no longer links the icon, instead of leaving it unseen', () => {
    expect(() => withInlineIcon('<html><head></head></html>', icon)).toThrow(/rel="icon"/);
  });
});
