import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  dayProblemPath,
  initialFields,
  initialHours,
  knownProblem,
  refusalOf,
  signupBodyOf,
  weekdayName,
  zoneNeeded,
} from './signup-form.ts';

describe('the sign-up form at first', () => {
  it("speaks the page's language when the app has it, else French", () => {
    expect(initialFields('de').language).toBe('de');
    expect(initialFields('xx').language).toBe('fr');
  });

  it('opens Monday to Friday, nine to six', () => {
    const hours = initialHours();
    expect(hours.map((day) => day.open)).toEqual([true, true, true, true, true, false, false]);
    expect(hours[0]).toEqual({ open: true, from: '09:00', to: '18:00' });
  });

  it('names weekdays from Monday', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'fr')).toBe('dimanche');
  });
});

describe('the body sent', () => {
  const fields = { ...initialFields('en'), name: 'Salon', urlname: 'salon', price: ' 25,50 ' };

  it('turns euros into cents, sends only the open days and no zone where the country has one', () => {
    const hours = initialHours();
    hours[1] = { open: false, from: '09:00', to: '18:00' };
    hours[5] = { open: true, from: '10:00', to: '12:00' };
    const body = signupBodyOf({ ...fields, timezone: 'Europe/Paris' }, hours);
    expect(body.business.service).toEqual({ name: '', duration: 30, price: 2550 });
    expect(body.business.hours.map((range) => range.weekday)).toEqual([1, 3, 4, 5, 6]);
    expect(body.business.hours[4]).toEqual({ weekday: 6, from: '10:00', to: '12:00' });
    expect(body.business).not.toHaveProperty('timezone');
  });

  it('sends a free service, a zero for an unreadable duration, and the zone where it is needed', () => {
    expect(zoneNeeded('ES')).toBe(true);
    expect(zoneNeeded('FR')).toBe(false);
    const body = signupBodyOf(
      { ...fields, price: ' ', duration: 'abc', country: 'ES', timezone: ' Europe/Madrid ' },
      initialHours(),
    );
    expect(body.business.service.price).toBeNull();
    expect(body.business.service.duration).toBe(0);
    expect(body.business.timezone).toBe('Europe/Madrid');
  });
});

describe("the server's problems", () => {
  it("puts a range's problem on its day: the i-th open day", () => {
    const hours = initialHours();
    hours[0] = { open: false, from: '09:00', to: '18:00' };
    expect(dayProblemPath(hours, 1)).toBeNull();
    expect(dayProblemPath(hours, 2)).toBe('business.hours[0]');
    expect(dayProblemPath(hours, 5)).toBe('business.hours[3]');
    expect(dayProblemPath(hours, 6)).toBeNull();
  });

  it('reads the problems of a refusal, and a key for any failure', () => {
    const problems = { 'owner.email': ['emailAlreadyExists'] };
    expect(refusalOf(new ApiError(422, 'invalidSignup', { problems }))).toEqual({
      problems,
      key: 'invalidSignup',
    });
    expect(refusalOf(new ApiError(429, 'tooManyRequests', null))).toEqual({
      problems: null,
      key: 'tooManyRequests',
    });
    expect(refusalOf(new ApiError(422, 'invalidSignup', { problems: ['x'] })).problems).toBeNull();
    expect(refusalOf(new TypeError('offline'))).toEqual({ problems: null, key: 'other' });
  });

  it('words the known keys only', () => {
    expect(knownProblem('urlnameTaken')).toBe('urlnameTaken');
    expect(knownProblem('somethingNew')).toBe('other');
  });
});
