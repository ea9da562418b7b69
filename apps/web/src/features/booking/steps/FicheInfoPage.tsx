/** Booking step "fiche_info" — placeholder until the booking-flow pages are built (issue 7). */
import { StepPlaceholder } from '../StepPlaceholder.tsx';

export function FicheInfoPage() {
  return <StepPlaceholder step="fiche_info" />;
}
