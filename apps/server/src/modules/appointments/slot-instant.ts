/**
 * The instant a slot start names: ISO 8601 with an offset as the slot list answers it, or a
 * wall-clock time of the group (docs/api.md "Conventions"). Shared by every call that takes a
 * start: booking changes and the back office's moves.
 */
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';

export function instantOf(value: string, group: GroupRow, field = 'appointment.date'): Date {
  const bad = () => errors.badRequest(`Invalid body parameter "${field}": not a real date-time`);
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hour, minute] = value.slice(11, 16).split(':').map(Number) as [number, number];
  const civil = Date.UTC(year, month - 1, day);
  if (new Date(civil).getUTCDate() !== day || month < 1 || month > 12 || hour > 23 || minute > 59)
    throw bad();
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw bad();
    return date;
  }
  // A wall-clock time of the group; when it happens twice (autumn), the first one.
  const zone = zoneOffsets(group.settings.timezone);
  return new Date(zone.firstInstantAtOrAfter(civil / 60_000 + hour * 60 + minute) * 60_000);
}
