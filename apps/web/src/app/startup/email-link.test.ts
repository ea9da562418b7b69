import { describe, expect, it } from 'vitest';
import { LINK_PARAMS, withoutParams } from './email-link.ts';

describe('withoutParams', () => {
  it('drops the named parameters and keeps the others in order', () => {
    expect(withoutParams('?ficheKey=abc&locale=fr&cancel_apt=4', ['ficheKey'])).toBe(
      '?locale=fr&cancel_apt=4',
    );
    expect(withoutParams('?locale=fr&ficheKey=abc', LINK_PARAMS)).toBe('?locale=fr');
  });

  it('answers an empty string when nothing is left', () => {
    expect(withoutParams('?oubliKey=x&account_id=3', LINK_PARAMS)).toBe('');
    expect(withoutParams('', LINK_PARAMS)).toBe('');
  });
});
