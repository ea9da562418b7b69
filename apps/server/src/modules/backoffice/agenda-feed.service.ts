/**
 * One open agenda's feed of changes (docs/back-office.md "Live agenda"): the changes of the
 * calendars the member works on, as they happen anywhere.
 */
import type { Scope } from '../../app-context.ts';
import type { AgendaChange, AgendaEvents } from '../../db/agenda-events.ts';
import { requireRight, worksOn } from './membership.service.ts';

/** Checks the caller may read the agenda, then calls `send` for each change they may see. */
export async function openAgendaFeed(
  scope: Scope,
  events: AgendaEvents,
  send: (change: Pick<AgendaChange, 'calendar_id' | 'resource_id'>) => void,
): Promise<() => void> {
  const member = await requireRight(scope, 'agenda.read');
  return events.subscribe(scope.group.id, (change) => {
    if (worksOn(member, change.calendar_id) || worksOn(member, change.resource_id))
      send({ calendar_id: change.calendar_id, resource_id: change.resource_id });
  });
}
