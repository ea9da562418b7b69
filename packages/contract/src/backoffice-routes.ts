/**
 * The back office's routes for clients (see routes.ts): a table of its own, so that the booking
 * pages, which never call the back office, do not carry it in their bundle.
 */
import type * as backoffice from './endpoints/backoffice.ts';
import type * as feeds from './endpoints/calendar-feeds.ts';
import type * as configuration from './endpoints/configuration.ts';
import type * as images from './endpoints/images.ts';
import type * as platform from './endpoints/platform.ts';
import type * as webhooks from './endpoints/webhooks.ts';
import { route } from './request-path.ts';

export const backofficeRoutes = {
  getMembership: route<typeof backoffice.getMembership>('GET', '/api/v3/admin/groups/:id/membership'),
  getAgenda: route<typeof backoffice.getAgenda>('GET', '/api/v3/admin/groups/:id/agenda'),
  markAttendance: route<typeof backoffice.markAttendance>(
    'PUT',
    '/api/v3/admin/groups/:id/appointments/:aptId/attendance',
  ),
  writeStaffNote: route<typeof backoffice.writeStaffNote>(
    'PUT',
    '/api/v3/admin/groups/:id/appointments/:aptId/note',
  ),
  listStaff: route<typeof backoffice.listStaff>('GET', '/api/v3/admin/groups/:id/staff'),
  updateStaffMember: route<typeof backoffice.updateStaffMember>(
    'PUT',
    '/api/v3/admin/groups/:id/staff/:accountId',
  ),
  inviteStaff: route<typeof backoffice.inviteStaff>('POST', '/api/v3/admin/groups/:id/invitations'),
  listInvitations: route<typeof backoffice.listInvitations>('GET', '/api/v3/admin/groups/:id/invitations'),
  revokeInvitation: route<typeof backoffice.revokeInvitation>(
    'DELETE',
    '/api/v3/admin/groups/:id/invitations/:invitationId',
  ),
  readInvitation: route<typeof backoffice.readInvitation>('POST', '/api/v3/invitations/lookup'),
  acceptInvitation: route<typeof backoffice.acceptInvitation>('POST', '/api/v3/invitations/accept'),
  listAbsences: route<typeof backoffice.listAbsences>('GET', '/api/v3/admin/groups/:id/absences'),
  createAbsence: route<typeof backoffice.createAbsence>('POST', '/api/v3/admin/groups/:id/absences'),
  deleteAbsence: route<typeof backoffice.deleteAbsence>(
    'DELETE',
    '/api/v3/admin/groups/:id/absences/:absenceId',
  ),
  listHolidays: route<typeof backoffice.listHolidays>('GET', '/api/v3/admin/groups/:id/holidays'),
  closeHolidays: route<typeof backoffice.closeHolidays>('POST', '/api/v3/admin/groups/:id/holidays'),
  getAppointmentDetail: route<typeof backoffice.getAppointmentDetail>(
    'GET',
    '/api/v3/admin/groups/:id/appointments/:aptId',
  ),
  moveAppointment: route<typeof backoffice.moveAppointment>(
    'POST',
    '/api/v3/admin/groups/:id/appointments/:aptId/move',
  ),
  cancelByStaff: route<typeof backoffice.cancelByStaff>(
    'POST',
    '/api/v3/admin/groups/:id/appointments/:aptId/cancel',
  ),
  bookForCustomer: route<typeof backoffice.bookForCustomer>('POST', '/api/v3/admin/groups/:id/appointments'),
  agendaEvents: route<typeof backoffice.agendaEvents>('GET', '/api/v3/admin/groups/:id/events'),
  searchCustomers: route<typeof backoffice.searchCustomers>('GET', '/api/v3/admin/groups/:id/customers'),
  getCustomer: route<typeof backoffice.getCustomer>('GET', '/api/v3/admin/groups/:id/customers/:ficheId'),
  exportCustomer: route<typeof backoffice.exportCustomer>(
    'GET',
    '/api/v3/admin/groups/:id/customers/:ficheId/export',
  ),
  eraseCustomer: route<typeof backoffice.eraseCustomer>(
    'POST',
    '/api/v3/admin/groups/:id/customers/:ficheId/erase',
  ),
  getNotifications: route<typeof backoffice.getNotifications>(
    'GET',
    '/api/v3/admin/groups/:id/notifications',
  ),
  setNotifications: route<typeof backoffice.setNotifications>(
    'PUT',
    '/api/v3/admin/groups/:id/notifications',
  ),
  uploadImage: route<typeof images.uploadImage>('POST', '/api/v3/admin/groups/:id/images'),
  getImage: route<typeof images.getImage>('GET', '/api/v3/groups/:id/images/:file'),
  getConfiguration: route<typeof configuration.getConfiguration>(
    'GET',
    '/api/v3/admin/groups/:id/configuration',
  ),
  saveConfiguration: route<typeof configuration.saveConfiguration>(
    'PUT',
    '/api/v3/admin/groups/:id/configuration',
  ),
  listConfigurationVersions: route<typeof configuration.listConfigurationVersions>(
    'GET',
    '/api/v3/admin/groups/:id/configuration/versions',
  ),
  getConfigurationVersion: route<typeof configuration.getConfigurationVersion>(
    'GET',
    '/api/v3/admin/groups/:id/configuration/versions/:version',
  ),
  diffConfigurationVersions: route<typeof configuration.diffConfigurationVersions>(
    'GET',
    '/api/v3/admin/groups/:id/configuration/versions/:version/diff',
  ),
  restoreConfigurationVersion: route<typeof configuration.restoreConfigurationVersion>(
    'POST',
    '/api/v3/admin/groups/:id/configuration/versions/:version/restore',
  ),
  listWebhooks: route<typeof webhooks.listWebhooks>('GET', '/api/v3/admin/groups/:id/webhooks'),
  createWebhook: route<typeof webhooks.createWebhook>('POST', '/api/v3/admin/groups/:id/webhooks'),
  updateWebhook: route<typeof webhooks.updateWebhook>('PUT', '/api/v3/admin/groups/:id/webhooks/:hookId'),
  deleteWebhook: route<typeof webhooks.deleteWebhook>('DELETE', '/api/v3/admin/groups/:id/webhooks/:hookId'),
  getWebhookSecret: route<typeof webhooks.getWebhookSecret>(
    'GET',
    '/api/v3/admin/groups/:id/webhooks/:hookId/secret',
  ),
  testWebhook: route<typeof webhooks.testWebhook>('POST', '/api/v3/admin/groups/:id/webhooks/:hookId/test'),
  listWebhookDeliveries: route<typeof webhooks.listWebhookDeliveries>(
    'GET',
    '/api/v3/admin/groups/:id/webhooks/deliveries',
  ),
  replayWebhookDelivery: route<typeof webhooks.replayWebhookDelivery>(
    'POST',
    '/api/v3/admin/groups/:id/webhooks/deliveries/:deliveryId/replay',
  ),
  listDeadJobs: route<typeof webhooks.listDeadJobs>('GET', '/api/v3/admin/groups/:id/webhooks/failed-work'),
  retryDeadJob: route<typeof webhooks.retryDeadJob>(
    'POST',
    '/api/v3/admin/groups/:id/webhooks/failed-work/:jobId/retry',
  ),
  signup: route<typeof platform.signup>('POST', '/api/v3/signup'),
  listPlatformGroups: route<typeof platform.listPlatformGroups>('GET', '/api/v3/platform/groups'),
  createPlatformGroup: route<typeof platform.createPlatformGroup>('POST', '/api/v3/platform/groups'),
  setGroupActive: route<typeof platform.setGroupActive>('PUT', '/api/v3/platform/groups/:id/active'),
  listCalendarFeeds: route<typeof feeds.listCalendarFeeds>('GET', '/api/v3/admin/groups/:id/calendar-feeds'),
  createCalendarFeed: route<typeof feeds.createCalendarFeed>(
    'POST',
    '/api/v3/admin/groups/:id/calendar-feeds',
  ),
  revokeCalendarFeed: route<typeof feeds.revokeCalendarFeed>(
    'DELETE',
    '/api/v3/admin/groups/:id/calendar-feeds/:feedId',
  ),
  calendarFeedFile: route<typeof feeds.calendarFeedFile>('GET', '/api/v3/feeds/:token.ics'),
} as const;
