import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldVisibility,
  type Role,
  showCommentField,
  splitByVisibility,
  type VisibilityContext,
  visibleFields,
} from './hidden-fields.ts';

const base: VisibilityContext = {
  form: 'fiche',
  role: 'anonymous',
  loginProfile: 'Account',
  hideMarketingSms: false,
  ficheSelected: false,
  antsMode: false,
};
const context = fc.record({
  form: fc.constantFrom('fiche' as const, 'vevent' as const),
  role: fc.constantFrom<Role>('anonymous', 'user', 'pro'),
  loginProfile: fc.constantFrom('Account' as const, 'Fiche' as const),
  hideMarketingSms: fc.boolean(),
  ficheSelected: fc.boolean(),
  antsMode: fc.boolean(),
});

describe('fieldVisibility', () => {
  it('marketing_optin is always hidden', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        expect(fieldVisibility('marketing_optin', ctx)).toBe('hidden');
      }),
    );
  });

  it('marketing_sms and solocal_services_optin are hidden when the group hides marketing SMS or for a pro', () => {
    fc.assert(
      fc.property(context, fc.constantFrom('marketing_sms', 'solocal_services_optin'), (ctx, name) => {
        const expected = ctx.hideMarketingSms || ctx.role === 'pro' ? 'hidden' : 'shown';
        expect(fieldVisibility(name, ctx)).toBe(expected);
      }),
    );
  });

  it('e-mail is removed for a user or pro on an Account-profile group with a selected fiche', () => {
    expect(fieldVisibility('email', { ...base, role: 'user', ficheSelected: true })).toBe('removed');
    expect(fieldVisibility('email', { ...base, role: 'pro', ficheSelected: true })).toBe('removed');
  });

  it('e-mail is hidden for an Account-profile customer creating a fiche', () => {
    expect(fieldVisibility('email', { ...base, role: 'user' })).toBe('hidden');
  });

  it('e-mail is asked of anonymous visitors, of pros creating a fiche, and on Fiche-profile groups', () => {
    expect(fieldVisibility('email', base)).toBe('shown');
    expect(fieldVisibility('email', { ...base, role: 'pro' })).toBe('shown');
    expect(fieldVisibility('email', { ...base, role: 'anonymous', ficheSelected: true })).toBe('shown');
    for (const role of ['anonymous', 'user', 'pro'] as const) {
      expect(fieldVisibility('email', { ...base, loginProfile: 'Fiche', role, ficheSelected: true })).toBe(
        'shown',
      );
    }
  });

  it('str9 is removed unless the government-request mode is on', () => {
    expect(fieldVisibility('str9', { ...base, form: 'vevent' })).toBe('removed');
    expect(fieldVisibility('str9', { ...base, form: 'vevent', antsMode: true })).toBe('shown');
  });

  it('the vevent form never asks for the booking fields', () => {
    for (const name of ['intervention_ids', 'start', 'calendar_id', 'resource_id']) {
      expect(fieldVisibility(name, { ...base, form: 'vevent' })).toBe('removed');
      expect(fieldVisibility(name, base)).toBe('shown');
    }
  });

  it('other fields are shown', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        expect(fieldVisibility('firstname', ctx)).toBe('shown');
      }),
    );
  });
});

describe('splitByVisibility and visibleFields', () => {
  it('split a form in definition order', () => {
    const fields = [
      { name: 'firstname' },
      { name: 'email' },
      { name: 'marketing_optin' },
      { name: 'marketing_sms' },
    ];
    const ctx = { ...base, role: 'pro' as const, ficheSelected: true };
    expect(splitByVisibility(fields, ctx)).toEqual({
      shown: [{ name: 'firstname' }],
      hidden: [{ name: 'marketing_optin' }, { name: 'marketing_sms' }],
      removed: [{ name: 'email' }],
    });
    expect(visibleFields(fields, ctx)).toEqual([{ name: 'firstname' }]);
  });
});

describe('showCommentField', () => {
  it('is shown only when comments are allowed, the vevent form has no comments field, and not for a pro', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom<Role>('anonymous', 'user', 'pro'),
        (allow, hasOwn, role) => {
          const veventFields = hasOwn ? [{ name: 'str9' }, { name: 'comments' }] : [{ name: 'str9' }];
          expect(showCommentField({ userAllowComment: allow, veventFields, role })).toBe(
            allow && !hasOwn && role !== 'pro',
          );
        },
      ),
    );
  });
});
