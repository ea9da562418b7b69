/**
 * The scheduled release on the slots step (docs/group-configuration.md "Scheduled release"): the
 * slot list says up to which date customers may book now and when the next month opens. The step
 * stops its navigation at that date and, once the visitor has reached it — or when nothing at all
 * is free before it — says when the next month opens.
 */
import type { SlotRelease as SlotsRelease } from '../../../api/availabletimeslots.ts';

/** The date picker's last day, shortened to the released dates. */
export function releasedMax(max: string, release: SlotsRelease | null | undefined): string {
  return release && release.bookable_until < max ? release.bookable_until : max;
}

/** Whether to tell when the next month opens: the days shown reach the end, or none is free before it. */
export function showsRelease(
  release: SlotsRelease | null | undefined,
  { lastShown, noneAhead }: { lastShown: string; noneAhead: boolean },
): release is SlotsRelease {
  return Boolean(release) && (noneAhead || lastShown >= release!.bookable_until);
}
