/** The reminders endpoints' routes (see ../routes.ts). */
import type * as reminders from '../endpoints/reminders.ts';
import { route } from '../request-path.ts';

export const setReminderOptOut = /* @__PURE__ */ route<typeof reminders.setReminderOptOut>(
  'POST',
  '/api/v3/reminders/opt-out',
);
