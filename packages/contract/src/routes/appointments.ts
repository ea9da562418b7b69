/** The appointments endpoints' routes (see ../routes.ts). */
import type * as appointments from '../endpoints/appointments.ts';
import { route } from '../request-path.ts';

export const takeAppointment = /* @__PURE__ */ route<typeof appointments.takeAppointment>(
  'POST',
  '/api/v3/appointments',
);
export const changeAppointment = /* @__PURE__ */ route<typeof appointments.changeAppointment>(
  'PUT',
  '/api/v3/appointments/:id',
);
export const checkEditable = /* @__PURE__ */ route<typeof appointments.checkEditable>(
  'GET',
  '/api/v3/appointments/:id/editable',
);
export const listAppointments = /* @__PURE__ */ route<typeof appointments.listAppointments>(
  'GET',
  '/api/v3/appointments',
);
export const cancelAppointments = /* @__PURE__ */ route<typeof appointments.cancelAppointments>(
  'POST',
  '/api/v3/groups/:id/appointments/batch_delete',
);
export const appointmentCalendarFile = /* @__PURE__ */ route<typeof appointments.appointmentCalendarFile>(
  'GET',
  '/api/v3/groups/:id/appointments/:aptId.ics',
);
