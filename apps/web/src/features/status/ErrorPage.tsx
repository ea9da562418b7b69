/** /error and /{urlname}/error: the generic error page (spec 000 §2 screen 9). */
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';

export function ErrorPage() {
  return <ErrorMessage />;
}
