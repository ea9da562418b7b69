/**
 * A time range within one day ("lundi 23 novembre 2026, 10:00 – 10:45"), written as
 * Intl.DateTimeFormat#formatRange writes it, at a tenth of its cost: formatRange runs ICU's interval
 * formatter anew on every call (some 45 µs here, 2 % of a booking's CPU in the server with the
 * confirmation rendered per booking — docs/benchmarks.md "Booking: queries compiled once"), while
 * formatting the two instants alone costs a few µs.
 *
 * The range's layout — which parts come from the start, which from the end, and the words and
 * punctuation between — is learnt once per formatter from formatRangeToParts, for the two layouts a
 * same-day range can take (the hours differ, or only the minutes), then filled with the parts of the
 * two instants. A layout is used only if it reproduces formatRange exactly on sample ranges;
 * otherwise, and for any range over two days, the caller uses formatRange itself.
 */

type Layout = readonly Intl.DateTimeRangeFormatPart[];

interface Layouts {
  /** Start and end in different hours of the day. */
  hours: Layout | undefined;
  /** Start and end in the same hour. */
  minutes: Layout | undefined;
}

/** Learnt once per formatter (each formatter is kept for good by its caller, one per language and zone). */
const learnt = new WeakMap<Intl.DateTimeFormat, Layouts>();

const DAY_PARTS: ReadonlySet<string> = new Set(['era', 'year', 'relatedYear', 'month', 'day', 'weekday']);

/** The range formatted like `format.formatRange(start, end)`, or undefined where this cannot tell. */
export function formatSameDayRange(format: Intl.DateTimeFormat, start: Date, end: Date): string | undefined {
  const from = format.formatToParts(start);
  const to = format.formatToParts(end);
  if (!sameParts(from, to, (type) => DAY_PARTS.has(type))) return undefined;
  const layouts = layoutsOf(format);
  const layout = sameParts(from, to, (type) => type === 'hour') ? layouts.minutes : layouts.hours;
  return layout && fill(layout, from, to);
}

/** Whether the parts of the chosen types are equal (both lists come from one formatter: same order). */
function sameParts(
  a: Intl.DateTimeFormatPart[],
  b: Intl.DateTimeFormatPart[],
  which: (type: string) => boolean,
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (which(a[i]!.type) && (a[i]!.type !== b[i]!.type || a[i]!.value !== b[i]!.value)) return false;
  return true;
}

/** Each non-literal part taken from the start or the end, by type; literals as learnt. */
function fill(
  layout: Layout,
  from: Intl.DateTimeFormatPart[],
  to: Intl.DateTimeFormatPart[],
): string | undefined {
  let text = '';
  for (const part of layout) {
    if (part.type === 'literal') {
      text += part.value;
      continue;
    }
    const value = (part.source === 'endRange' ? to : from).find((p) => p.type === part.type)?.value;
    if (value === undefined) return undefined;
    text += value;
  }
  return text;
}

/** Starts of the sample ranges: three days of the year, at a few minutes past noon UTC. */
const SAMPLE_STARTS = [Date.UTC(2026, 0, 5), Date.UTC(2026, 6, 16), Date.UTC(2027, 10, 23)].flatMap((day) =>
  [0, 10, 20].map((minute) => day + (12 * 60 + minute) * 60_000),
);

function layoutsOf(format: Intl.DateTimeFormat): Layouts {
  let layouts = learnt.get(format);
  if (!layouts) {
    layouts = { hours: learn(format, 75, false), minutes: learn(format, 5, true) };
    learnt.set(format, layouts);
  }
  return layouts;
}

/**
 * The layout of same-day ranges `minutesApart` long whose hours are the same or not, if it
 * reproduces formatRange on every sample of that kind (at least two: a zone's offset decides which
 * samples are of the kind).
 */
function learn(format: Intl.DateTimeFormat, minutesApart: number, sameHour: boolean): Layout | undefined {
  let layout: Layout | undefined;
  let checked = 0;
  for (const at of SAMPLE_STARTS) {
    const start = new Date(at);
    const end = new Date(at + minutesApart * 60_000);
    const from = format.formatToParts(start);
    const to = format.formatToParts(end);
    if (!sameParts(from, to, (type) => DAY_PARTS.has(type))) continue;
    if (sameParts(from, to, (type) => type === 'hour') !== sameHour) continue;
    layout ??= format.formatRangeToParts(start, end);
    if (fill(layout, from, to) !== format.formatRange(start, end)) return undefined;
    checked++;
  }
  return checked >= 2 ? layout : undefined;
}
