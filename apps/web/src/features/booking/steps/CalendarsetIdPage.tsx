/** Booking step "calendarset_id" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function CalendarsetIdPage() {
  return <StepPlaceholder step="calendarset_id" />;
}
