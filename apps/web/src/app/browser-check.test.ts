/**
 * The old-browser alert (public/browser-check.js, docs/web-app.md "Start-up") must run where the app
 * cannot: it is plain ES5, which an ES5 parser proves — an arrow function or an optional chain
 * slipped in by a formatter would make it fail on exactly the browsers it is for.
 */
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import source from '../../public/browser-check.js?raw';

describe('browser-check.js', () => {
  it('parses as ECMAScript 5', () => {
    expect(() => parse(source, { ecmaVersion: 5 })).not.toThrow();
  });

  it('would be caught with newer syntax in it', () => {
    expect(() =>
      parse(source.replace('function show()', 'const show = () =>'), { ecmaVersion: 5 }),
    ).toThrow();
  });
});
