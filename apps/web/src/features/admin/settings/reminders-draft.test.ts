import { groupSettingsSchema } from '@creneau/core/group-config/group-config.schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choicesFor,
  documentWith,
  draftOf,
  LEAD_PRESETS,
  leadWords,
  localProblems,
  MAX_LEADS,
  type RemindersDraft,
  sortProblems,
  withLeadAdded,
} from './reminders-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: {
    phone: '+33 4',
    rules: { min_notice_minutes: 120 },
    reminders: { lead_minutes: [120, 1440], email: true, sms: false },
  },
  calendars: [{ externid: 'leonie', name: 'Léonie' }],
};

const remindersOf = (written: { settings?: unknown }) =>
  (written.settings as { reminders?: unknown } | undefined)?.reminders;

describe('the reminders draft', () => {
  it('reads the lead times longest first and the channels', () => {
    expect(draftOf(document)).toEqual({ leads: [1440, 120], email: true, sms: false });
  });

  it('reads the schema defaults from a document without reminders, and writes nothing back untouched', () => {
    const bare = { urlname: 'x', name: 'X', settings: { phone: '1' } };
    expect(draftOf(bare)).toEqual({ leads: [1440, 120], email: true, sms: false });
    expect(documentWith(bare, draftOf(bare))).toBe(bare);
    expect(documentWith(document, draftOf(document))).toBe(document);
    // The order the rows are in does not make a change either.
    expect(documentWith(document, { leads: [120, 1440], email: true, sms: false })).toBe(document);
  });

  it('writes the owner changes sorted, keeps what it does not edit and leaves the input alone', () => {
    const before = structuredClone(document);
    const draft: RemindersDraft = { leads: [60, 1440], email: false, sms: true };
    const written = documentWith(document, draft);
    expect(remindersOf(written)).toEqual({ lead_minutes: [1440, 60], email: false, sms: true });
    expect({ ...written, settings: { ...(written.settings as object), reminders: undefined } }).toEqual({
      ...document,
      settings: { ...document.settings, reminders: undefined },
    });
    expect(document).toEqual(before);
  });

  it('writes what the server schema accepts for every draft the form can make', () => {
    const leads = fc.uniqueArray(fc.constantFrom(...LEAD_PRESETS), { maxLength: MAX_LEADS });
    fc.assert(
      fc.property(leads, fc.boolean(), fc.boolean(), (chosen, email, sms) => {
        const draft = { leads: chosen, email, sms };
        expect(localProblems(draft).size).toBe(0);
        const written = documentWith(document, draft) as { settings: Record<string, unknown> };
        const parsed = groupSettingsSchema.safeParse(written.settings);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(draftOf(written)).toEqual({ leads: [...chosen].sort((a, b) => b - a), email, sms });
      }),
    );
  });

  it('refuses in the browser what the schema refuses: more than three, twice the same, out of range', () => {
    const base = { email: true, sms: false };
    expect(localProblems({ ...base, leads: [1440, 120, 60, 30] }).get('leads')).toBe('tooMany');
    expect(localProblems({ ...base, leads: [120, 120] }).get('leads')).toBe('twice');
    expect(localProblems({ ...base, leads: [10] }).get('leads')).toBe('range');
    expect(localProblems({ ...base, leads: [10_081] }).get('leads')).toBe('range');
    expect(localProblems({ ...base, leads: [90.5] }).get('leads')).toBe('range');
    expect(localProblems({ ...base, leads: [] }).size).toBe(0);
    expect(localProblems({ leads: [15, 10_080], email: false, sms: false }).size).toBe(0);
    // …and the server's schema agrees with each.
    for (const leads of [[1440, 120, 60, 30], [120, 120], [10], [10_081]])
      expect(
        groupSettingsSchema.safeParse({ ...document.settings, reminders: { lead_minutes: leads } }).success,
      ).toBe(false);
  });

  it('adds the longest free preset, at most three', () => {
    let draft: RemindersDraft = { leads: [], email: true, sms: false };
    draft = withLeadAdded(draft);
    expect(draft.leads).toEqual([10_080]);
    draft = withLeadAdded({ ...draft, leads: [10_080, 2880] });
    expect(draft.leads).toEqual([10_080, 2880, 1440]);
    expect(withLeadAdded(draft)).toBe(draft);
  });

  it('offers each row the presets the others do not use, and its own value even when not a preset', () => {
    expect(choicesFor([1440, 120], 0)).toEqual(LEAD_PRESETS.filter((m) => m !== 120));
    expect(choicesFor([1440, 45], 1)).toEqual([10_080, 2880, 720, 180, 120, 60, 45, 30]);
  });

  it('brings the server problems back to their field, the rest aside', () => {
    const sorted = sortProblems([
      '$.settings.reminders.lead_minutes: each lead time once',
      '$.settings.reminders.lead_minutes[2]: Too big',
      '$.settings.reminders.sms: Invalid input',
      '$.settings.maxrdv_period: Too small',
    ]);
    expect([...sorted.fields]).toEqual([
      ['leads', 'invalid'],
      ['sms', 'invalid'],
    ]);
    expect(sorted.other).toEqual(['$.settings.maxrdv_period: Too small']);
  });

  it('says each preset in words in the page language', () => {
    expect(LEAD_PRESETS.map((minutes) => leadWords(minutes, 'en'))).toEqual([
      '1 week',
      '2 days',
      '1 day',
      '12 hours',
      '3 hours',
      '2 hours',
      '1 hour',
      '30 minutes',
    ]);
    expect(leadWords(1440, 'fr')).toMatch(/^1\sjour$/);
  });
});
