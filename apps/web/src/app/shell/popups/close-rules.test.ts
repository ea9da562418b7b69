import { describe, expect, it } from 'vitest';
import { alertCloseReload, logoutDestination } from './close-rules.ts';

describe('alertCloseReload (docs/requirements/accounts-and-appointments.md §2: closing the alert)', () => {
  it('strips the date and reloads when there is no freeze flag', () => {
    expect(alertCloseReload('https://x.test/salon/book/slots?date=2025-03-14&locale=fr')).toBe(
      'https://x.test/salon/book/slots?locale=fr',
    );
  });

  it('just closes without a date or with freeze', () => {
    expect(alertCloseReload('https://x.test/salon?locale=fr')).toBeNull();
    expect(alertCloseReload('https://x.test/salon?date=2025-03-14&freeze=1')).toBeNull();
    expect(alertCloseReload('https://x.test/salon?date=2025-03-14&freeze')).toBeNull();
  });

  it('treats freeze=0 as no freeze', () => {
    expect(alertCloseReload('https://x.test/salon?date=2025-03-14&freeze=0')).toBe(
      'https://x.test/salon?freeze=0',
    );
  });
});

describe('logoutDestination (docs/requirements/accounts-and-appointments.md §4)', () => {
  const account = { sso_login_only: false, loginProfile: 'Account' as const };
  it('goes to the disconnected page after a single sign-on session', () => {
    expect(logoutDestination(account, { sso_logged: true })).toBe('disconnected');
  });
  it('goes to the inactive page in single sign-on-only groups', () => {
    expect(logoutDestination({ ...account, sso_login_only: true }, { sso_logged: false })).toBe('inactive');
  });
  it('goes to the first step for the Fiche profile, else to login', () => {
    expect(logoutDestination({ ...account, loginProfile: 'Fiche' }, { sso_logged: false })).toBe('firstStep');
    expect(logoutDestination(account, { sso_logged: false })).toBe('login');
  });
});
