import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  initialFields,
  initialHours,
  knownProblem,
  nextRange,
  rangeProblemPath,
  refusalOf,
  signupBodyOf,
  WEEKDAYS,
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
    expect(hours[0]).toEqual({ open: true, ranges: [{ from: '09:00', to: '18:00' }] });
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
    hours[1] = { open: false, ranges: [{ from: '09:00', to: '18:00' }] };
    hours[2] = {
      open: true,
      ranges: [
        { from: '09:00', to: '12:00' },
        { from: '14:00', to: '18:00' },
      ],
    };
    hours[5] = { open: true, ranges: [{ from: '10:00', to: '12:00' }] };
    const body = signupBodyOf({ ...fields, timezone: 'Europe/Paris' }, hours);
    expect(body.business.service).toEqual({ name: '', duration: 30, price: 2550 });
    expect(body.business.hours.map((range) => range.weekday)).toEqual([1, 3, 3, 4, 5, 6]);
    expect(body.business.hours[2]).toEqual({ weekday: 3, from: '14:00', to: '18:00' });
    expect(body.business.hours[5]).toEqual({ weekday: 6, from: '10:00', to: '12:00' });
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
  it("puts a range's problem on its day and opening: the i-th range sent", () => {
    const hours = initialHours();
    hours[0] = { open: false, ranges: [{ from: '09:00', to: '18:00' }] };
    hours[1]!.ranges.push({ from: '19:00', to: '21:00' });
    expect(rangeProblemPath(hours, 1, 0)).toBeNull();
    expect(rangeProblemPath(hours, 2, 0)).toBe('business.hours[0]');
    expect(rangeProblemPath(hours, 2, 1)).toBe('business.hours[1]');
    expect(rangeProblemPath(hours, 2, 2)).toBeNull();
    expect(rangeProblemPath(hours, 5, 0)).toBe('business.hours[4]');
    expect(rangeProblemPath(hours, 6, 0)).toBeNull();
  });

  it('names every range sent once, in the order sent', () => {
    const range = fc.record({ from: fc.constant('09:00'), to: fc.constant('10:00') });
    const day = fc.record({ open: fc.boolean(), ranges: fc.array(range, { minLength: 1, maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(day, { minLength: 7, maxLength: 7 }), (hours) => {
        const sent = signupBodyOf(initialFields('en'), hours).business.hours.length;
        const paths = WEEKDAYS.flatMap((weekday) =>
          hours[weekday - 1]!.ranges.map((_, index) => rangeProblemPath(hours, weekday, index)),
        ).filter((path) => path !== null);
        expect(paths).toEqual(Array.from({ length: sent }, (_, index) => `business.hours[${index}]`));
      }),
    );
  });

  it('adds an opening an hour after the last, within the day', () => {
    expect(nextRange([{ from: '09:00', to: '12:00' }])).toEqual({ from: '13:00', to: '15:00' });
    expect(nextRange([{ from: '18:00', to: '22:30' }])).toEqual({ from: '23:00', to: '23:59' });
    expect(nextRange([{ from: '09:00', to: '' }])).toEqual({ from: '13:00', to: '15:00' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (end) => {
        const to = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
        const next = nextRange([{ from: '00:00', to }]);
        expect(next.from < next.to).toBe(true);
        expect(next.to <= '23:59').toBe(true);
      }),
    );
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
