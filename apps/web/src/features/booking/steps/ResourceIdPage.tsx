/** Booking step "resource_id" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function ResourceIdPage() {
  return <StepPlaceholder step="resource_id" />;
}
