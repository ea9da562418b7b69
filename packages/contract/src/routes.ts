/**
 * Every endpoint's route (method and path) for clients, without its schemas: what a browser
 * bundle imports at run time (see Route in request-path.ts). One module per area and one
 * export per route, imported as a namespace (`import * as routes`): the bundler then keeps only the
 * routes a page calls (each call is marked pure, so an unused one is dropped). Each entry is typed
 * by its endpoint, so a method or path that differs from the endpoint's is a type error;
 * routes.test.ts checks the values too.
 */
export * as accounts from './routes/accounts.ts';
export * as appointments from './routes/appointments.ts';
export * as availability from './routes/availability.ts';
export * as catalogue from './routes/catalogue.ts';
export * as fiches from './routes/fiches.ts';
export * as groups from './routes/groups.ts';
export * as reminders from './routes/reminders.ts';
export * as sessions from './routes/sessions.ts';
export * as waitlist from './routes/waitlist.ts';
