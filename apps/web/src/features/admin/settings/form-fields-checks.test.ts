import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localProblems, sortProblems } from './form-fields-checks.ts';
import { type FieldDraft, type FormFieldsDraft, newChoice, newField } from './form-fields-draft.ts';

const field = (change: Partial<FieldDraft>, key = 'f0'): FieldDraft => ({
  ...newField([]),
  key,
  name: 'note',
  label: 'Note',
  autoName: false,
  ...change,
});
const choice = (key: string, value: string, label = value) => ({ ...newChoice([]), key, value, label });
const draft = (fiche: FieldDraft[], vevent: FieldDraft[] = []): FormFieldsDraft => ({ fiche, vevent });

describe('the contact form fields checks', () => {
  it('accepts fields as the format wants them', () => {
    expect(
      localProblems(
        draft(
          [field({ minLength: '2', maxLength: '2', rows: '20' })],
          [
            field({ type: 'radio', choices: [choice('c0', 'a'), choice('c1', 'b')] }),
            field({ name: 'other', type: 'integer', minLength: 'x' }, 'f1'),
          ],
        ),
      ),
    ).toEqual([]);
  });

  it('wants a free identifier as name and a label', () => {
    expect(
      localProblems(
        draft([
          field({ name: ' ' }, 'f0'),
          field({ name: 'Prénom' }, 'f1'),
          field({ name: '1st' }, 'f2'),
          field({ name: 'a'.repeat(65) }, 'f3'),
          field({ name: 'note' }, 'f4'),
          field({ name: 'note', label: '  ' }, 'f5'),
        ]),
      ),
    ).toEqual([
      { field: 'fiche:f0:name', reason: 'nameMissing' },
      { field: 'fiche:f1:name', reason: 'nameFormat' },
      { field: 'fiche:f2:name', reason: 'nameFormat' },
      { field: 'fiche:f3:name', reason: 'nameFormat' },
      { field: 'fiche:f5:name', reason: 'nameTaken' },
      { field: 'fiche:f5:label', reason: 'label' },
    ]);
    // The same name in the other list is another answer.
    expect(localProblems(draft([field({})], [field({})]))).toEqual([]);
  });

  it('checks the lengths and rows of a text, and the choices of a list', () => {
    expect(
      localProblems(
        draft([
          field({ minLength: '-1', maxLength: '0', rows: '21' }, 'f0'),
          field({ name: 'b', minLength: '10', maxLength: '9' }, 'f1'),
          field({ name: 'c', type: 'select' }, 'f2'),
          field(
            {
              name: 'd',
              type: 'radio',
              choices: [choice('c0', 'a', ''), choice('c1', ' a '), choice('c2', '')],
            },
            'f3',
          ),
        ]),
      ),
    ).toEqual([
      { field: 'fiche:f0:minLength', reason: 'minLength' },
      { field: 'fiche:f0:maxLength', reason: 'maxLength' },
      { field: 'fiche:f0:rows', reason: 'rows' },
      { field: 'fiche:f1:maxLength', reason: 'maxBelowMin' },
      { field: 'fiche:f2:choices', reason: 'choicesNone' },
      { field: 'fiche:f3:choice:c0:label', reason: 'choiceLabel' },
      { field: 'fiche:f3:choice:c1:value', reason: 'choiceTaken' },
      { field: 'fiche:f3:choice:c2:value', reason: 'choiceValue' },
      { field: 'fiche:f3:choice:c2:label', reason: 'choiceLabel' },
    ]);
  });

  it('property: the browser refuses lengths exactly as the schema bounds them', () => {
    // A number typed, or any text that is no number (refused unless left empty).
    const typed = fc.oneof(
      fc.integer({ min: -5, max: 10_005 }).map((n) => ({ text: String(n), number: n })),
      fc
        .string()
        .filter((text) => !/^\s*-?\d+\s*$/.test(text))
        .map((text) => ({ text, number: null })),
    );
    fc.assert(
      fc.property(typed, fc.integer({ min: -2, max: 10_005 }), (min, max) => {
        const found = localProblems(draft([field({ minLength: min.text, maxLength: String(max) })]));
        const minOk = min.number === null ? min.text.trim() === '' : min.number >= 0 && min.number <= 10_000;
        const maxOk = max >= 1 && max <= 10_000;
        expect(found.some((p) => p.reason === 'minLength')).toBe(!minOk);
        expect(found.some((p) => p.reason === 'maxLength')).toBe(!maxOk);
        const below = maxOk && minOk && min.number !== null && max < min.number;
        expect(found.some((p) => p.reason === 'maxBelowMin')).toBe(below);
      }),
    );
  });

  it("brings the server's problems back to the field, its choice or the list of others", () => {
    const sent = draft(
      [
        field({ name: 'a' }, 'f0'),
        field({ name: 'b', type: 'select', choices: [choice('c0', 's'), choice('n1', 's')] }, 'n1'),
      ],
      [field({ name: 'code', minLength: '8', maxLength: '6' }, 'f0')],
    );
    expect(
      sortProblems(sent, [
        '$.forms.fiche[1].choices[1].value: duplicate choice "s"',
        '$.forms.vevent[0].maxLength: maxLength must not be below minLength',
        '$.forms.fiche[0].label: Too big',
        '$.forms.fiche[1].name: duplicate field "b"',
        '$.forms.fiche[0].translations.en.label: Too big',
        '$.forms.fiche[7].name: odd',
        '$.forms.vevent: Too big: expected array to have <=100 items',
        '$.name: Too small',
      ]),
    ).toEqual({
      fields: [
        { field: 'fiche:n1:choice:n1:value', reason: 'choiceTaken' },
        { field: 'vevent:f0:maxLength', reason: 'maxBelowMin' },
        { field: 'fiche:f0:label', reason: 'server' },
        { field: 'fiche:n1:name', reason: 'nameTaken' },
      ],
      other: [
        '$.forms.fiche[0].translations.en.label: Too big',
        '$.forms.fiche[7].name: odd',
        '$.forms.vevent: Too big: expected array to have <=100 items',
        '$.name: Too small',
      ],
    });
  });
});
