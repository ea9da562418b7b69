// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml (group HTML through DOMPurify)', () => {
  it('removes scripts, handlers and javascript: links, keeps the text and markup', () => {
    const html = sanitizeHtml(
      '<p onclick="alert(1)">Hello <b>you</b><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a><iframe src="//evil"></iframe></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('<b>you</b>');
  });

  it('opens links in a new tab without opener', () => {
    const html = sanitizeHtml('<a href="https://example.com">site</a>');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>Salon</p>')).toBe(true);
    expect(looksLikeHtml('Coupes & couleurs < 50 €')).toBe(false);
  });
});
