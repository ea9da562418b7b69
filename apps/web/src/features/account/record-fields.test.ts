import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { describe, expect, it } from 'vitest';
import type { Group } from '../../api/group.ts';
import { hasUnsavedChanges, recordFieldsFor, recordFormFields } from './record-fields.ts';

const field = (name: string, extra: Partial<FormField> = {}) =>
  ({ name, type: 'text', label: name, ...extra }) as FormField;
const label = (name: string) => `L:${name}`;

describe('recordFormFields', () => {
  it('puts the missing person fields first, labelled', () => {
    const fields = recordFormFields([field('birthdate', { type: 'datesplit' }), field('firstphone')], label);
    // The group's own firstphone keeps its place and its label.
    expect(fields.map((f) => f.name)).toEqual(['firstname', 'lastname', 'email', 'birthdate', 'firstphone']);
    expect(fields[0]!.label).toBe('L:firstname');
    expect(fields[0]!.required).toBe(true);
    expect(fields[4]!.label).toBe('firstphone');
  });
});

describe('recordFieldsFor', () => {
  const group = (loginProfile: 'Account' | 'Fiche', extra: Partial<Group> = {}) =>
    ({
      forms: { fiche: [field('marketing_sms', { type: 'boolean' }), field('str9')], vevent: [] },
      loginProfile,
      hide_marketing_sms: false,
      profile: { ants_group: false, hide_marketing_sms: false },
      ...extra,
    }) as unknown as Group;

  it('does not ask an Account-profile customer for the e-mail (it is the account one)', () => {
    expect(recordFieldsFor(group('Account'), true, label).map((f) => f.name)).toEqual([
      'firstname',
      'lastname',
      'firstphone',
      'marketing_sms',
    ]);
    expect(recordFieldsFor(group('Account'), false, label).map((f) => f.name)).not.toContain('email');
    expect(recordFieldsFor(group('Fiche'), true, label).map((f) => f.name)).toContain('email');
  });

  it('hides marketing SMS when the group does, and asks str9 only in the government mode', () => {
    const hidden = group('Account', { hide_marketing_sms: true } as Partial<Group>);
    expect(recordFieldsFor(hidden, true, label).map((f) => f.name)).not.toContain('marketing_sms');
    const ants = group('Account', { profile: { ants_group: true } } as unknown as Partial<Group>);
    expect(recordFieldsFor(ants, true, label).map((f) => f.name)).toContain('str9');
  });
});

describe('hasUnsavedChanges', () => {
  const fields = [field('firstname'), field('optin', { type: 'boolean' })];
  it('ignores empty-ish differences and fields outside the form', () => {
    expect(hasUnsavedChanges({ firstname: 'Ana', optin: false }, { firstname: 'Ana' }, fields)).toBe(false);
    expect(hasUnsavedChanges({ firstname: 'Ana', other: 1 }, { firstname: 'Ana', other: 2 }, fields)).toBe(
      false,
    );
    expect(hasUnsavedChanges({ firstname: 'Ana' }, { firstname: 'Anna' }, fields)).toBe(true);
    expect(hasUnsavedChanges({ optin: false }, { optin: true }, fields)).toBe(true);
  });
});
