/** The account menu's entries per session (docs/requirements/accounts-and-appointments.md §2 header). */
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION, type Session } from '../../api/session-current.ts';
import { accountEntries } from './AccountMenu.tsx';

const t = (key: string) => key;
const account = (id: number, extra: Partial<NonNullable<Session['account']>> = {}) => ({
  id,
  email: 'anne@example.com',
  cancel_apt: 0,
  export_apt: 0,
  ...extra,
});
const user = (id: number, extra: Partial<NonNullable<Session['account']>> = {}): Session => ({
  ...ANONYMOUS_SESSION,
  logged: true,
  type: 'user',
  account: account(id, extra),
});
const ids = (group: { loginProfile: 'Account' | 'Fiche' }, session: Session) =>
  accountEntries(group, session, t).map((entry) => entry.id);

describe('accountEntries', () => {
  it('offers an account holder appointments, information and personal data (Account profile)', () => {
    expect(ids({ loginProfile: 'Account' }, user(7))).toEqual(['appointments', 'fiches', 'personal_data']);
  });

  it('offers only the appointments on a Fiche-profile group', () => {
    expect(ids({ loginProfile: 'Fiche' }, user(7))).toEqual(['appointments']);
  });

  it('offers a guest who booked without an account only the appointments', () => {
    expect(ids({ loginProfile: 'Account' }, { ...user(0), fiche_token: 'guest' })).toEqual(['appointments']);
  });

  it('offers a session opened from an e-mail link only the appointments', () => {
    expect(ids({ loginProfile: 'Account' }, user(0, { cancel_apt: 12 }))).toEqual(['appointments']);
    expect(ids({ loginProfile: 'Account' }, user(0, { export_apt: 12 }))).toEqual(['appointments']);
  });

  it('offers a professional the back office, and the group switch when several groups', () => {
    const pro: Session = {
      ...ANONYMOUS_SESSION,
      logged: true,
      type: 'pro',
      groups: [
        { id: 1, name: 'A', urlname: 'a' },
        { id: 2, name: 'B', urlname: 'b' },
      ],
    };
    expect(ids({ loginProfile: 'Account' }, pro)).toEqual(['admin', 'switch']);
    expect(ids({ loginProfile: 'Account' }, { ...pro, groups: pro.groups.slice(0, 1) })).toEqual(['admin']);
  });
});
