/** Booking step "register" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function RegisterPage() {
  return <StepPlaceholder step="register" />;
}
