/** An appointment as the agenda shows it: times in both forms, the customer, the staff's marks. */
import type { AgendaAppointmentRow } from './backoffice.repository.ts';

export function presentAgendaAppointment(row: AgendaAppointmentRow) {
  return {
    id: row.id,
    calendar_id: row.calendar_id,
    resource_id: row.resource_id,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    starts_local: row.starts_local,
    ends_local: row.ends_local,
    status: row.status,
    attendance: row.attendance,
    intervention_id: row.intervention_id,
    intervention_name: row.intervention_name,
    pack_id: row.pack_id,
    parent_id: row.parent_id,
    customer: {
      fiche_id: row.fiche_id,
      firstname: row.firstname,
      lastname: row.lastname,
      phone: row.firstphone,
      email: row.email,
    },
    comments: row.comments,
    staff_note: row.staff_note,
    price_amount: row.price_amount,
    booked_by_staff: row.booked_by_pro_id !== null,
  };
}
