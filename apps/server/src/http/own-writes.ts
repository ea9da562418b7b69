/**
 * A write that succeeded through this process is heard at once by its kept answers
 * (db/change-clock.ts), before the database's notification of it comes back a moment later: the
 * person who booked or the manager who saved may ask again within that moment, and must see their
 * own change. The whole group counts as changed; the notification then narrows nothing, it only
 * reaches the other processes.
 */
import type { FastifyInstance } from 'fastify';
import type { ChangeClock } from '../caching/change-clock.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function heardOwnWrites(app: FastifyInstance, changes: ChangeClock): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const groupId = request.scopedGroupId;
    if (groupId !== undefined && !READS.has(request.method) && reply.statusCode < 400) {
      changes.groupChanged(groupId);
    }
    return payload;
  });
}
