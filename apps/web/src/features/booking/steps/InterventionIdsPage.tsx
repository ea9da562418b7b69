/** Booking step "intervention_ids" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function InterventionIdsPage() {
  return <StepPlaceholder step="intervention_ids" />;
}
