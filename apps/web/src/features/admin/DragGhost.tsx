/**
 * Where a dragged appointment would land (use-board-drag.ts): its new times and customer, drawn in
 * the column under the pointer; dimmed while the server answers. Hidden from screen readers: the
 * notice after the drop says what happened.
 */

import type { AgendaFormat } from './agenda-format.ts';
import { type Axis, localOf, percentOfMinute } from './agenda-grid.ts';
import { customerName } from './agenda-labels.ts';
import board from './board.module.css';
import type { Ghost } from './use-board-drag.ts';

export function DragGhost({
  ghost,
  day,
  axis,
  format,
}: {
  ghost: Ghost;
  day: string;
  axis: Axis;
  format: AgendaFormat;
}) {
  return (
    <div
      className={[board.ghost, ghost.pending && board.ghostPending].filter(Boolean).join(' ')}
      style={{
        top: `${percentOfMinute(ghost.minute, axis)}%`,
        height: `${(ghost.duration / ((axis.end - axis.start) * 60)) * 100}%`,
      }}
      aria-hidden="true"
      data-testid="agenda-ghost"
    >
      <strong>
        {format.time(localOf(day, ghost.minute))}–{format.time(localOf(day, ghost.minute + ghost.duration))}
      </strong>
      <span>{customerName(ghost.appointment)}</span>
    </div>
  );
}
