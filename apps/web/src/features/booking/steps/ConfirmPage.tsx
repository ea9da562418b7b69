/** Booking step "confirm" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function ConfirmPage() {
  return <StepPlaceholder step="confirm" />;
}
