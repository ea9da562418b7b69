import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION, type Session } from '../../api/session-current.ts';
import { decideEntry, type EntryInput } from './entry.ts';

const salon = { id: 5, openData: true, sso_login_only: false, has_minisite: true };
const clinic = { id: 6, openData: true, sso_login_only: false, has_minisite: false };
const steps = ['interventionset_ids', 'intervention_ids', 'slots', 'fiche_info', 'confirm'];
const user: Session = {
  ...ANONYMOUS_SESSION,
  logged: true,
  type: 'user',
  account: { id: 1, email: 'a@b.c', cancel_apt: 0, export_apt: 0 },
};

const input = (over: Partial<EntryInput>): EntryInput => ({
  group: clinic,
  session: ANONYMOUS_SESSION,
  steps,
  query: new URLSearchParams(),
  hasPreselection: false,
  ...over,
});

describe('decideEntry (docs/requirements/booking-flow.md §4 step 4)', () => {
  it('goes to the first step', () => {
    expect(decideEntry(input({}))).toEqual({ kind: 'step', step: 'interventionset_ids' });
  });

  it('greets visitors of a group with a mini-site on its home page', () => {
    expect(decideEntry(input({ group: salon }))).toEqual({ kind: 'home' });
  });

  it('skips the home page for a preselected booking or take_apt', () => {
    expect(decideEntry(input({ group: salon, hasPreselection: true }))).toEqual({
      kind: 'step',
      step: 'interventionset_ids',
    });
    expect(decideEntry(input({ group: salon, query: new URLSearchParams('take_apt=12') }))).toEqual({
      kind: 'step',
      step: 'interventionset_ids',
    });
  });

  it('does not show the mini-site to professionals', () => {
    const pro: Session = {
      ...ANONYMOUS_SESSION,
      logged: true,
      type: 'pro',
      groups: [{ id: 5, name: 'S', urlname: 's' }],
    };
    expect(decideEntry(input({ group: salon, session: pro }))).toEqual({
      kind: 'step',
      step: 'interventionset_ids',
    });
  });

  it('opens the appointments for a logged customer coming from an e-mail link', () => {
    expect(decideEntry(input({ session: user, query: new URLSearchParams('list_rdv=1') }))).toEqual({
      kind: 'appointments',
    });
    expect(decideEntry(input({ session: user, query: new URLSearchParams('cancel_apt=42') }))).toEqual({
      kind: 'appointments',
    });
    const exporting = { ...user, account: { ...user.account!, export_apt: 9 } };
    expect(decideEntry(input({ session: exporting }))).toEqual({ kind: 'appointments' });
    // Not for an anonymous visitor, and not for "0".
    expect(decideEntry(input({ query: new URLSearchParams('list_rdv=1') }))).toEqual({
      kind: 'step',
      step: 'interventionset_ids',
    });
    expect(decideEntry(input({ session: user, query: new URLSearchParams('cancel_apt=0') })).kind).toBe(
      'step',
    );
  });

  it('applies the closed-group rules first', () => {
    expect(decideEntry(input({ group: { ...salon, openData: false } }))).toEqual({ kind: 'login' });
    expect(decideEntry(input({ group: { ...salon, openData: false, sso_login_only: true } }))).toEqual({
      kind: 'unauthorized',
    });
  });

  it('goes to a login step placed first in the sequence', () => {
    expect(decideEntry(input({ steps: ['login', 'intervention_ids', 'slots'] }))).toEqual({
      kind: 'step',
      step: 'login',
    });
  });
});
