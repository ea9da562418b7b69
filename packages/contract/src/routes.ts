/**
 * Every endpoint's route (method and path) for clients, without its schemas: what a browser
 * bundle imports at run time (see Route in request-path.ts). Each entry is typed by its endpoint,
 * so a method or path that differs from the endpoint's is a type error; routes.test.ts checks the
 * values too.
 */
import type * as accounts from './endpoints/accounts.ts';
import type * as appointments from './endpoints/appointments.ts';
import type * as availability from './endpoints/availability.ts';
import type * as catalogue from './endpoints/catalogue.ts';
import type * as fiches from './endpoints/fiches.ts';
import type * as groups from './endpoints/groups.ts';
import type * as sessions from './endpoints/sessions.ts';
import { route } from './request-path.ts';

export const routes = {
  accounts: {
    register: route<typeof accounts.register>('POST', '/api/v3/accounts.json'),
    forgotPassword: route<typeof accounts.forgotPassword>('POST', '/api/v3/accounts/forgotPassword.json'),
    setPassword: route<typeof accounts.setPassword>('PUT', '/api/v3/accounts/:id.json'),
    changeEmail: route<typeof accounts.changeEmail>('PUT', '/api/v3/accounts/:id/email.json'),
  },
  appointments: {
    takeAppointment: route<typeof appointments.takeAppointment>('POST', '/api/v3/appointments'),
    changeAppointment: route<typeof appointments.changeAppointment>('PUT', '/api/v3/appointments/:id'),
    checkEditable: route<typeof appointments.checkEditable>('GET', '/api/v3/appointments/:id/editable'),
    listAppointments: route<typeof appointments.listAppointments>('GET', '/api/v3/appointments'),
    cancelAppointments: route<typeof appointments.cancelAppointments>(
      'POST',
      '/api/v3/groups/:id/appointments/batch_delete',
    ),
    appointmentCalendarFile: route<typeof appointments.appointmentCalendarFile>(
      'GET',
      '/api/v3/groups/:id/appointments/:aptId.ics',
    ),
  },
  availability: {
    listSlots: route<typeof availability.listSlots>('GET', '/api/v3/groups/:id/availabletimeslots'),
  },
  catalogue: {
    listInterventionsets: route<typeof catalogue.listInterventionsets>(
      'GET',
      '/api/v3/groups/:id/interventionsets',
    ),
    listInterventions: route<typeof catalogue.listInterventions>('GET', '/api/v3/groups/:id/interventions'),
    listPackInterventions: route<typeof catalogue.listPackInterventions>(
      'GET',
      '/api/v3/groups/:id/pack_interventions',
    ),
    listCalendarsets: route<typeof catalogue.listCalendarsets>('GET', '/api/v3/groups/:id/calendarsets'),
    listCalendars: route<typeof catalogue.listCalendars>('GET', '/api/v3/groups/:id/calendars'),
  },
  fiches: {
    listFiches: route<typeof fiches.listFiches>('GET', '/api/v3/groups/:id/fiches'),
    createFiche: route<typeof fiches.createFiche>('POST', '/api/v3/groups/:id/fiches'),
    updateFiche: route<typeof fiches.updateFiche>('PUT', '/api/v3/groups/:id/fiches/:ficheId'),
  },
  groups: {
    getGroup: route<typeof groups.getGroup>('GET', '/api/v3/services/groups/:urlname.json'),
    findUrlnameByHost: route<typeof groups.findUrlnameByHost>('GET', '/api/urlname'),
    findShard: route<typeof groups.findShard>('GET', '/api/shard'),
    getWebsite: route<typeof groups.getWebsite>('GET', '/api/v3/websites'),
    listProGroups: route<typeof groups.listProGroups>('GET', '/api/v3/groups'),
  },
  sessions: {
    getCurrentSession: route<typeof sessions.getCurrentSession>('GET', '/api/v3/sessions/current.json'),
    login: route<typeof sessions.login>('POST', '/api/v3/sessions/login.json'),
    logout: route<typeof sessions.logout>('POST', '/api/v3/sessions/logout.json'),
  },
} as const;
