import { describe, expect, it } from 'vitest';
import { returnPathOf } from './account-navigation.ts';

describe('the page a login returns to', () => {
  it('is a page of the same group only', () => {
    expect(returnPathOf({ returnTo: '/demo-salon/admin' }, 'demo-salon')).toBe('/demo-salon/admin');
    expect(returnPathOf({ returnTo: '/other/admin' }, 'demo-salon')).toBeNull();
    expect(returnPathOf({ returnTo: '/demo-salon-2/admin' }, 'demo-salon')).toBeNull();
    expect(returnPathOf({ returnTo: 'https://evil.example/demo-salon/admin' }, 'demo-salon')).toBeNull();
    expect(returnPathOf(null, 'demo-salon')).toBeNull();
    expect(returnPathOf({ returnTo: 42 }, 'demo-salon')).toBeNull();
  });
});
