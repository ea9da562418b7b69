import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { describe, expect, it } from 'vitest';
import { type Fiche, visibleFiches } from '../../../api/fiches.ts';
import {
  BASE_FICHE_FIELDS,
  changedFields,
  ficheFormFields,
  ficheValues,
  MAX_FICHES,
  offersNewFiche,
  submitBlock,
} from './fiche-rules.ts';

const field = (name: string, extra: Partial<FormField> = {}) => ({
  ...BASE_FICHE_FIELDS[0]!,
  name,
  label: name,
  ...extra,
});

describe('the contact-details rules', () => {
  it('adds the base fields the group’s form lacks, before its own', () => {
    const fields = ficheFormFields([field('lastname', { label: 'Nom', required: true }), field('birthdate')]);
    expect(fields.map((f) => f.name)).toEqual(['firstname', 'email', 'firstphone', 'lastname', 'birthdate']);
    expect(fields.find((f) => f.name === 'lastname')?.label).toBe('Nom');
  });

  it('offers a new fiche under 8 and not while changing an appointment', () => {
    expect(offersNewFiche(MAX_FICHES - 1, false)).toBe(true);
    expect(offersNewFiche(MAX_FICHES, false)).toBe(false);
    expect(offersNewFiche(1, true)).toBe(false);
  });

  it('counts the fiches shown, as the server does: 7 shown and hidden ones offer a new one, 8 shown do not', () => {
    const person = (lastname: string, deleted = false) =>
      ({ id: 1, firstname: 'P', lastname, deleted }) as Fiche;
    const seven = Array.from({ length: 7 }, (_, i) => person(`N${i}`));
    expect(
      offersNewFiche(visibleFiches([...seven, person('$technique'), person('Gone', true)]).length, false),
    ).toBe(true);
    expect(offersNewFiche(visibleFiches([...seven, person('Eight')]).length, false)).toBe(false);
  });

  it('explains what blocks the booking: terms first, then the forms, then the person', () => {
    const ok = { hasFiche: true, videoconference: false, termsAccepted: false, formsValid: true };
    expect(submitBlock(ok)).toBeNull();
    expect(submitBlock({ ...ok, videoconference: true })).toBe('acceptJitsi');
    expect(submitBlock({ ...ok, videoconference: true, termsAccepted: true })).toBeNull();
    expect(submitBlock({ ...ok, videoconference: true, formsValid: false })).toBe('acceptJitsi');
    expect(submitBlock({ ...ok, formsValid: false, hasFiche: false })).toBe('formStdError');
    expect(submitBlock({ ...ok, hasFiche: false })).toBe('selectFiche');
  });

  it('reads a saved fiche into form values and tells an edit from no change', () => {
    const fields = [field('firstname'), field('firstphone'), field('birthdate')];
    const values = ficheValues(
      { firstname: 'Léo', firstphone: null, birthdate: '2010-04-02', id: 3 },
      fields,
    );
    expect(values).toEqual({ firstname: 'Léo', birthdate: '2010-04-02' });
    expect(changedFields(values, { ...values, firstphone: '' }, fields)).toBe(false);
    expect(changedFields(values, { ...values, firstname: 'Leo' }, fields)).toBe(true);
  });
});
