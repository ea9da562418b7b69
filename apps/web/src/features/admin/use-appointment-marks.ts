/**
 * The staff's marks on an appointment (docs/back-office.md "Appointment marks"): attendance and the
 * private note's draft. Held by the dialog, so a draft and an error outlive a trip to the move or
 * cancel form.
 */
import { useEffect, useState } from 'react';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import { type Attendance, useMarkAttendance, useStaffNote } from '../../api/admin-marks.ts';
import { useGroupContext } from '../../lib/group-context.ts';

export function useAppointmentMarks(appointment: AgendaAppointment) {
  const { group } = useGroupContext();
  const attendance = useMarkAttendance(group.id);
  const note = useStaffNote(group.id);
  const [draft, setDraftText] = useState(appointment.staff_note ?? '');
  const [savedNote, setSavedNote] = useState(false);

  // Another member may have written meanwhile: a refreshed note replaces an untouched draft.
  const [seenNote, setSeenNote] = useState(appointment.staff_note);
  useEffect(() => {
    if (appointment.staff_note !== seenNote) {
      setSeenNote(appointment.staff_note);
      setDraftText(appointment.staff_note ?? '');
    }
  }, [appointment.staff_note, seenNote]);

  // The buttons stay focusable while a call runs (aria-disabled, not disabled): a disabled button
  // would drop the keyboard focus out of the dialog, where Escape no longer closes it.
  const mark = (value: Attendance) => {
    if (attendance.isPending || (value === null && appointment.attendance === null)) return;
    attendance.mutate({ appointmentId: appointment.id, attendance: value });
  };
  const noteUnchanged = draft === (appointment.staff_note ?? '');
  const setDraft = (text: string) => {
    setDraftText(text);
    setSavedNote(false);
  };
  const saveNote = () =>
    !note.isPending &&
    !noteUnchanged &&
    note.mutate({ appointmentId: appointment.id, note: draft }, { onSuccess: () => setSavedNote(true) });

  return { attendance, mark, note, draft, setDraft, savedNote, noteUnchanged, saveNote };
}

export type AppointmentMarks = ReturnType<typeof useAppointmentMarks>;
