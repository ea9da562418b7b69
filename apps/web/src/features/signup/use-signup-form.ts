/**
 * The sign-up form's state (docs/back-office.md "Sign-up and platform"): the fields (the url name
 * follows the business's name until typed itself), the weekly hours, and the sending. What a
 * sending does is the page's (`send`): the sign-up page creates the business and its owner, the
 * platform page a business and its owner's invitation. Refused, the problems go to their fields.
 */
import { type FormEvent, useState } from 'react';
import type { SignupBody } from '../../api/signup.ts';
import {
  type DayHours,
  initialFields,
  initialHours,
  MAX_RANGES_PER_DAY,
  nextRange,
  rangeProblemPath,
  refusalOf,
  type SignupFields,
  signupBodyOf,
  type TimeRange,
} from './signup-form.ts';
import { urlnameFrom } from './urlname-from.ts';

export function useSignupForm(locale: string, send: (body: SignupBody) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState(() => initialFields(locale));
  const [urlnameEdited, setUrlnameEdited] = useState(false);
  const [hours, setHours] = useState(initialHours);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (name: keyof SignupFields) => (value: string) =>
    setFields((current) => ({
      ...current,
      [name]: value,
      ...(name === 'name' && !urlnameEdited ? { urlname: urlnameFrom(value) } : {}),
    }));
  /** A field typed by the person (the url name stops following the business's name). */
  const type = (name: keyof SignupFields, value: string) => {
    if (name === 'urlname') setUrlnameEdited(true);
    set(name)(value);
  };
  const changeDay = (day: number, change: (item: DayHours) => DayHours) =>
    setHours((current) => current.map((item, i) => (i === day - 1 ? change(item) : item)));
  const setOpen = (day: number, open: boolean) => changeDay(day, (item) => ({ ...item, open }));
  const updateRange = (day: number, range: number, change: Partial<TimeRange>) =>
    changeDay(day, (item) => ({
      ...item,
      ranges: item.ranges.map((r, i) => (i === range ? { ...r, ...change } : r)),
    }));
  const addRange = (day: number) =>
    changeDay(day, (item) =>
      item.ranges.length >= MAX_RANGES_PER_DAY
        ? item
        : { ...item, ranges: [...item.ranges, nextRange(item.ranges)] },
    );
  const removeRange = (day: number, range: number) =>
    changeDay(day, (item) =>
      item.ranges.length <= 1 ? item : { ...item, ranges: item.ranges.filter((_, i) => i !== range) },
    );

  const problemOf = (path: string) => problems[path]?.[0];
  const rangeProblem = (day: number, range: number) => {
    const path = rangeProblemPath(hours, day, range);
    return path === null ? undefined : problemOf(path);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setProblems({});
    setFailure(null);
    setPending(true);
    try {
      await send(signupBodyOf(fields, hours));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.problems) setProblems(refusal.problems);
      setFailure(refusal.key);
    } finally {
      setPending(false);
    }
  };

  /** Back to an empty form, for the next business. */
  const reset = () => {
    setFields(initialFields(locale));
    setUrlnameEdited(false);
    setHours(initialHours());
    setProblems({});
    setFailure(null);
  };

  return {
    fields,
    set,
    type,
    hours,
    setOpen,
    updateRange,
    addRange,
    removeRange,
    problemOf,
    rangeProblem,
    failure,
    submit,
    reset,
    isPending: pending,
  };
}

export type SignupForm = ReturnType<typeof useSignupForm>;
