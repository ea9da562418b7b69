/**
 * The API calls the chosen calendar or resource invalid, or the resources cannot serve the chosen
 * services (docs/booking-flow.md § Slots): the search stops, with a way back to that choice — not
 * while changing an appointment, whose choices are fixed.
 */
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { StepEmpty } from '../parts/StepState.tsx';
import { useBooking } from '../use-booking.ts';

export function InvalidChoice() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { steps, selection, sequence } = booking;
  const backTo = (name: string) => {
    const index = steps.findIndex((s) => s.name === name);
    if (index !== -1 && sequence.editing === null) booking.back(index);
  };
  const invalidStep = steps.some((s) => s.name === 'resource_id' && selection.resource_id !== null)
    ? 'resource_id'
    : 'calendar_id';
  return (
    <StepEmpty text={t('booking.slots.invalidResources')} icon="alert" testId="slots-invalid">
      {steps.some((s) => s.name === invalidStep) && sequence.editing === null && (
        <Button variant="secondary" onClick={() => backTo(invalidStep)} data-testid="slots-change-choice">
          {t(`booking.slots.change.${invalidStep}`)}
        </Button>
      )}
    </StepEmpty>
  );
}
