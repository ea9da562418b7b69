/** Booking step "calendar_id" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function CalendarIdPage() {
  return <StepPlaceholder step="calendar_id" />;
}
