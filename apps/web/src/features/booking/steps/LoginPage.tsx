/** Booking step "login" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function LoginPage() {
  return <StepPlaceholder step="login" />;
}
