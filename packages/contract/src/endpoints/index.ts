/** Every endpoint of the API (v3), by area. */
export * as accounts from './accounts.ts';
export * as appointments from './appointments.ts';
export * as availability from './availability.ts';
export * as backoffice from './backoffice.ts';
export * as catalogue from './catalogue.ts';
export * as fiches from './fiches.ts';
export * as groups from './groups.ts';
export * as reminders from './reminders.ts';
export * as sessions from './sessions.ts';
export * as waitlist from './waitlist.ts';
