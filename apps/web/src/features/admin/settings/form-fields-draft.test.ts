import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localProblems } from './form-fields-checks.ts';
import {
  documentWith,
  draftOf,
  FIELD_TYPES,
  type FieldDraft,
  type FormFieldsDraft,
  fieldWithChange,
  moved,
  nameFromLabel,
  newChoice,
  newField,
  usesOption,
} from './form-fields-draft.ts';

const phone = {
  name: 'firstphone',
  type: 'text',
  label: 'Téléphone',
  required: true,
  minLength: 10,
  maxLength: 20,
  translations: { en: { label: 'Phone' } },
};
const insurance = {
  name: 'insurance',
  type: 'radio',
  label: 'Assurance',
  allowAny: true,
  choices: [
    { value: 'public', label: 'Publique' },
    { value: 'private', label: 'Privée' },
  ],
};
const region = {
  name: 'region',
  type: 'linkedcombo',
  label: 'Région',
  choices: [{ value: 'ara', label: 'Auvergne-Rhône-Alpes', children: [{ value: 'lyon', label: 'Lyon' }] }],
};
const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: { locale: 'fr' },
  forms: {
    fiche: [phone, insurance],
    vevent: [{ name: 'first_visit', type: 'boolean', label: 'Première visite', required: false }, region],
  },
};

type Forms = { fiche: Record<string, unknown>[]; vevent: Record<string, unknown>[] };
const formsOf = (doc: unknown) => (doc as { forms: Forms }).forms;
const edit = (
  draft: FormFieldsDraft,
  list: 'fiche' | 'vevent',
  index: number,
  change: Partial<FieldDraft>,
) => {
  const field = draft[list][index] as FieldDraft;
  const next = fieldWithChange(draft[list], field, change);
  return { ...draft, [list]: draft[list].map((item) => (item.key === field.key ? next : item)) };
};

describe('the contact form fields draft', () => {
  it('reads both lists as typed strings, with the choices of each field', () => {
    const draft = draftOf(document);
    expect(draft.fiche.map((field) => [field.name, field.type, field.minLength, field.maxLength])).toEqual([
      ['firstphone', 'text', '10', '20'],
      ['insurance', 'radio', '', ''],
    ]);
    expect(draft.fiche[1]?.choices.map((choice) => choice.value)).toEqual(['public', 'private']);
    expect(draft.fiche[1]?.allowAny).toBe(true);
    expect(draft.vevent.map((field) => field.name)).toEqual(['first_visit', 'region']);
    expect(draftOf({ urlname: 'x' })).toEqual({ fiche: [], vevent: [] });
  });

  it('writes back an untouched draft as the same document', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
    expect(documentWith({ urlname: 'x' }, draftOf({ urlname: 'x' }))).toEqual({ urlname: 'x' });
  });

  it('writes only what changed, keeping translations and sub-choices', () => {
    let draft = edit(draftOf(document), 'fiche', 0, { label: 'Mobile', maxLength: '' });
    draft = edit(draft, 'vevent', 1, {
      choices: [
        ...(draft.vevent[1]?.choices ?? []),
        { key: 'n1', value: 'idf', label: 'Île-de-France', from: null },
      ],
    });
    const forms = formsOf(documentWith(document, draft));
    expect(forms.fiche[0]).toEqual({
      name: 'firstphone',
      type: 'text',
      label: 'Mobile',
      required: true,
      minLength: 10,
      translations: { en: { label: 'Phone' } },
    });
    expect(forms.vevent[1]?.choices).toEqual([
      { value: 'ara', label: 'Auvergne-Rhône-Alpes', children: [{ value: 'lyon', label: 'Lyon' }] },
      { value: 'idf', label: 'Île-de-France' },
    ]);
  });

  it('drops the options a field no longer uses when its type changes, and keeps its place', () => {
    let draft = edit(draftOf(document), 'fiche', 1, { type: 'select' });
    draft = edit(draft, 'fiche', 1, { addEmptyChoice: true });
    draft = { ...draft, fiche: moved(draft.fiche, 1, -1) };
    const forms = formsOf(documentWith(document, draft));
    expect(forms.fiche.map((field) => field.name)).toEqual(['insurance', 'firstphone']);
    expect(forms.fiche[0]).toEqual({
      name: 'insurance',
      type: 'select',
      label: 'Assurance',
      choices: insurance.choices,
      addEmptyChoice: true,
    });
    const text = edit(draftOf(document), 'fiche', 1, { type: 'text', rows: '3' });
    expect(formsOf(documentWith(document, text)).fiche[1]).toEqual({
      name: 'insurance',
      type: 'text',
      label: 'Assurance',
      rows: 3,
    });
  });

  it('adds a field whose name follows its label until a name is typed, and removes one', () => {
    const draft = draftOf(document);
    const added = newField(draft.vevent);
    let next: FormFieldsDraft = { ...draft, vevent: [...draft.vevent, added] };
    next = edit(next, 'vevent', 2, { label: 'Longueur des cheveux', type: 'select' });
    expect(next.vevent[2]?.name).toBe('longueur_des_cheveux');
    expect(next.vevent[2]?.choices).toHaveLength(1);
    next = edit(next, 'vevent', 2, {
      choices: [{ ...newChoice([]), value: 'court', label: 'Courts' }],
      required: true,
    });
    next = edit(next, 'vevent', 2, { name: 'hair' });
    next = edit(next, 'vevent', 2, { label: 'Cheveux' });
    expect(next.vevent[2]?.name).toBe('hair');
    next = { ...next, vevent: next.vevent.filter((field) => field.name !== 'first_visit') };
    expect(localProblems(next)).toEqual([]);
    expect(formsOf(documentWith(document, next)).vevent).toEqual([
      region,
      {
        name: 'hair',
        type: 'select',
        label: 'Cheveux',
        required: true,
        choices: [{ value: 'court', label: 'Courts' }],
      },
    ]);
  });

  it('suggests names that are identifiers, free in their list', () => {
    expect(nameFromLabel('Numéro de sécurité sociale', [])).toBe('numero_de_securite_sociale');
    expect(nameFromLabel('2e prénom !', [])).toBe('e_prenom');
    expect(nameFromLabel('Allergies', ['allergies', 'allergies_2'])).toBe('allergies_3');
    expect(nameFromLabel('???', [])).toBe('');
  });

  const choice = fc.record({
    value: fc.string({ minLength: 1, maxLength: 8 }),
    label: fc.string({ maxLength: 8 }),
    children: fc.option(fc.array(fc.record({ value: fc.string(), label: fc.string() }), { maxLength: 2 }), {
      nil: undefined,
    }),
  });
  const field = fc.record(
    {
      name: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
      type: fc.constantFrom(...FIELD_TYPES),
      label: fc.string({ maxLength: 12 }),
      rightLabel: fc.option(fc.string(), { nil: null }),
      required: fc.boolean(),
      description: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
      minLength: fc.nat(50),
      maxLength: fc.integer({ min: 1, max: 500 }),
      rows: fc.integer({ min: 1, max: 20 }),
      choices: fc.array(choice, { maxLength: 4 }),
      allowAny: fc.boolean(),
      addEmptyChoice: fc.boolean(),
      trim: fc.boolean(),
      value: fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { nil: null }),
      birthdate: fc.boolean(),
      translations: fc.dictionary(fc.constantFrom('en', 'de'), fc.record({ label: fc.string() })),
    },
    { requiredKeys: ['name', 'type', 'label'] },
  );

  it('property: a draft nobody edited writes the document back exactly', () => {
    fc.assert(
      fc.property(
        fc.array(field, { maxLength: 5 }),
        fc.array(field, { maxLength: 5 }),
        fc.constantFrom(null, { '': true }),
        (fiche, vevent, extra) => {
          const doc = { urlname: 'x', forms: { fiche, vevent }, ...(extra ? { website: extra } : {}) };
          expect(documentWith(doc, draftOf(doc))).toEqual(doc);
        },
      ),
    );
  });

  it('property: what the owner sets is what the written document reads back', () => {
    const change = fc.record(
      {
        label: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() === s && s !== ''),
        type: fc.constantFrom(...FIELD_TYPES),
        required: fc.boolean(),
        minLength: fc.constantFrom('', '0', '3'),
        maxLength: fc.constantFrom('', '5', '80'),
        rows: fc.constantFrom('', '1', '4'),
        allowAny: fc.boolean(),
        addEmptyChoice: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 4 }), change, fc.nat(3), (fiche, set, at) => {
        const doc = { urlname: 'x', forms: { fiche, vevent: [] } };
        const index = at % fiche.length;
        const draft = edit(draftOf(doc), 'fiche', index, set);
        const wanted = draft.fiche[index] as FieldDraft;
        const back = draftOf(documentWith(doc, draft)).fiche[index] as FieldDraft;
        expect(back.label).toBe(wanted.label);
        expect(back.type).toBe(wanted.type);
        expect(back.required).toBe(wanted.required);
        for (const option of ['minLength', 'maxLength', 'rows', 'allowAny', 'addEmptyChoice'] as const)
          if (usesOption(wanted.type, option)) expect(back[option]).toEqual(wanted[option]);
        if (usesOption(wanted.type, 'choices'))
          expect(back.choices.map((c) => [c.value.trim(), c.label.trim()])).toEqual(
            wanted.choices.map((c) => [c.value.trim(), c.label.trim()]),
          );
      }),
    );
  });
});
