/** Booking step "slots" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function SlotsPage() {
  return <StepPlaceholder step="slots" />;
}
