import { describe, expect, it } from 'vitest';
import { recipientsOf, unlistedStaff, validateRecipients } from './notice-draft.ts';

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

describe('the staff offered', () => {
  it('leaves out the addresses already in a row, whatever their case and spaces', () => {
    const staff = [
      { account_id: 1, email: 'Gerant@Salon.fr' },
      { account_id: 2, email: 'ines@salon.fr' },
      { account_id: 3, email: 'paul@salon.fr' },
    ];
    expect(unlistedStaff(staff, [' gerant@salon.FR ', '', 'other@salon.fr'])).toEqual([
      { account_id: 2, email: 'ines@salon.fr' },
      { account_id: 3, email: 'paul@salon.fr' },
    ]);
    expect(unlistedStaff(staff, [''])).toHaveLength(3);
  });
});
