import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION, type Session } from '../../api/session-current.ts';
import { decideAccess, isForeignPro } from './access.ts';

const open = { id: 1, openData: true, sso_login_only: false };
const closed = { id: 1, openData: false, sso_login_only: false };
const closedSso = { id: 1, openData: false, sso_login_only: true };
const user: Session = { ...ANONYMOUS_SESSION, logged: true, type: 'user' };
const pro = (groups: number[]): Session => ({
  ...ANONYMOUS_SESSION,
  logged: true,
  type: 'pro',
  groups: groups.map((id) => ({ id, name: `G${id}`, urlname: `g${id}` })),
});

describe('decideAccess (docs/requirements/booking-flow.md §4 exceptions)', () => {
  it('lets anyone into an open-data group', () => {
    expect(decideAccess(open, ANONYMOUS_SESSION, '')).toEqual({ kind: 'allow' });
    expect(decideAccess(open, ANONYMOUS_SESSION, 'book/slots')).toEqual({ kind: 'allow' });
  });

  it('sends anonymous visitors of a closed group to the login step', () => {
    expect(decideAccess(closed, ANONYMOUS_SESSION, '')).toEqual({ kind: 'login' });
    expect(decideAccess(closed, ANONYMOUS_SESSION, 'home')).toEqual({ kind: 'login' });
    expect(decideAccess(closed, ANONYMOUS_SESSION, 'book/intervention_ids')).toEqual({ kind: 'login' });
  });

  it('keeps the ways in open in a closed group', () => {
    for (const page of ['login', 'register', 'reset_password', 'book/login', 'book/register_confirm']) {
      expect(decideAccess(closed, ANONYMOUS_SESSION, page)).toEqual({ kind: 'allow' });
    }
  });

  it('sends anonymous visitors of a closed single sign-on-only group to the unauthorized page, login included', () => {
    expect(decideAccess(closedSso, ANONYMOUS_SESSION, '')).toEqual({ kind: 'unauthorized' });
    expect(decideAccess(closedSso, ANONYMOUS_SESSION, 'book/login')).toEqual({ kind: 'unauthorized' });
  });

  it('lets logged-in customers into a closed group', () => {
    expect(decideAccess(closed, user, 'book/slots')).toEqual({ kind: 'allow' });
    expect(decideAccess(closedSso, user, '')).toEqual({ kind: 'allow' });
  });

  it('asks a professional of other groups to log out, and not one of this group', () => {
    expect(decideAccess(open, pro([2, 3]), '')).toEqual({ kind: 'proLogout' });
    expect(decideAccess(open, pro([3, 1]), '')).toEqual({ kind: 'allow' });
    expect(isForeignPro(pro([]), { id: 1 })).toBe(true);
  });

  it('opens an invitation to anyone: closed groups, single sign-on, professionals of other groups', () => {
    for (const group of [open, closed, closedSso])
      for (const session of [ANONYMOUS_SESSION, user, pro([2])])
        expect(decideAccess(group, session, 'invitation')).toEqual({ kind: 'allow' });
    // Only that page: the rest of the group stays behind its door.
    expect(decideAccess(closed, ANONYMOUS_SESSION, 'invitation/other')).toEqual({ kind: 'login' });
  });

  it('opens the stop link of a reminder to anyone, as an invitation', () => {
    for (const group of [open, closed, closedSso])
      for (const session of [ANONYMOUS_SESSION, user, pro([2])])
        expect(decideAccess(group, session, 'reminders')).toEqual({ kind: 'allow' });
    expect(decideAccess(closed, ANONYMOUS_SESSION, 'reminders/other')).toEqual({ kind: 'login' });
  });

  it('does not count a session that is not logged', () => {
    expect(decideAccess(closed, { ...ANONYMOUS_SESSION, type: 'user' }, '')).toEqual({ kind: 'login' });
    expect(isForeignPro({ ...pro([2]), logged: false }, { id: 1 })).toBe(false);
  });
});
