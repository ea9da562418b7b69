/** /error and /{urlname}/error: the generic error page (docs/requirements/booking-flow.md §2 screen 9). */
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';

export function ErrorPage() {
  return <ErrorMessage />;
}
