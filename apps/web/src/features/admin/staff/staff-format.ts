/** A calendar a member may be given. */
export interface CalendarChoice {
  id: number;
  name: string;
}

/**
 * How a member's calendars read (docs/back-office.md "Staff"): null is every calendar, a list
 * names its calendars in the business's order; a calendar the list does not know keeps its number.
 */
interface Texts {
  all: string;
  none: string;
  unknown: (id: number) => string;
}

export function calendarsText(
  member: { calendar_ids: readonly number[] | null },
  calendars: readonly { id: number; name: string }[],
  texts: Texts,
): string {
  if (member.calendar_ids === null) return texts.all;
  if (member.calendar_ids.length === 0) return texts.none;
  const wanted = new Set(member.calendar_ids);
  const known = calendars.filter((c) => wanted.has(c.id));
  const unknown = member.calendar_ids.filter((id) => !calendars.some((c) => c.id === id));
  return [...known.map((c) => c.name), ...unknown.map(texts.unknown)].join(', ');
}

/** The change the server expects: only the staff role is limited to calendars (null: every one). */
export function staffChange<R extends string>(role: R, allCalendars: boolean, chosen: readonly number[]) {
  return {
    role,
    calendar_ids: role === 'staff' && !allCalendars ? [...chosen].sort((a, b) => a - b) : null,
  };
}
