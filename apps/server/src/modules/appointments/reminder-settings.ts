/** A group's reminder settings, with the defaults for a group saved before reminders existed. */
import { type GroupSettings, groupSettingsSchema } from '@creneau/core/group-config/group-config.schema';

export type ReminderSettings = GroupSettings['reminders'];

export function reminderSettingsOf(settings: GroupSettings): ReminderSettings {
  return settings.reminders ?? groupSettingsSchema.shape.reminders.parse(undefined);
}
