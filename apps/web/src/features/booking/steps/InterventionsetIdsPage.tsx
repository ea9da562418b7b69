/** Booking step "interventionset_ids" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function InterventionsetIdsPage() {
  return <StepPlaceholder step="interventionset_ids" />;
}
