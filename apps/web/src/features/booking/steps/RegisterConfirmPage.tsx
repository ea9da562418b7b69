/** Booking step "register_confirm" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function RegisterConfirmPage() {
  return <StepPlaceholder step="register_confirm" />;
}
