import { describe, expect, it } from 'vitest';
import { recipientsOf, validateRecipients } from './notice-draft.ts';

describe('the recipients', () => {
  it('flags invalid and repeated addresses per row, and leaves empty rows alone', () => {
    expect(
      validateRecipients(['accueil@salon.fr', '', 'not-an-address', ' Accueil@Salon.fr ', 'gerant@salon.fr']),
    ).toEqual([undefined, undefined, 'emailInvalid', 'duplicate', undefined]);
  });

  it('sends the filled rows, trimmed', () => {
    expect(recipientsOf([' a@b.fr ', '', '  '])).toEqual(['a@b.fr']);
  });
});
