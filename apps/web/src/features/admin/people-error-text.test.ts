import { describe, expect, it } from 'vitest';
import { errorTextKey } from './people-error-text.ts';

const texts = new Set([
  'admin.errors.lastOwner',
  'admin.customers.errors.ficheNotFound',
  'messages.forbidden',
  'messages.lastOwner',
]);
const exists = (key: string) => texts.has(key);

describe('errorTextKey', () => {
  it("prefers the back office's own words, then the common messages", () => {
    expect(errorTextKey('lastOwner', exists)).toBe('admin.errors.lastOwner');
    expect(errorTextKey('ficheNotFound', exists)).toBe('admin.customers.errors.ficheNotFound');
    expect(errorTextKey('forbidden', exists)).toBe('messages.forbidden');
  });

  it('never shows a raw key or a server sentence', () => {
    expect(errorTextKey('somethingNew', exists)).toBe('messages.genericError');
    expect(errorTextKey('Internal Server Error', exists)).toBe('messages.genericError');
    expect(errorTextKey('../admin.errors.lastOwner', exists)).toBe('messages.genericError');
  });
});
