/**
 * The group's notes above the contact-details form (docs/requirements/accounts-and-appointments.md
 * §2 "Contact-details step"): the health disclaimer, as a warning, and the booking text.
 */
import { lazy, Suspense } from 'react';
import type { Group } from '../../../api/group.ts';
import { Icon } from '../../../ui/Icon.tsx';
import parts from '../parts/parts.module.css';

// Loaded with the first note: most groups have none.
const LazyRichText = lazy(() =>
  import('../parts/LazyRichText.tsx').then((m) => ({ default: m.LazyRichText })),
);

export function FicheNotes({ templates }: { templates: Group['apptemplates'] }) {
  return (
    <>
      {templates?.health_disclaimer && (
        <div className={`${parts.note} ${parts.noteWarning}`} data-testid="health-disclaimer">
          <Icon name="alert" />
          <Suspense fallback={null}>
            <LazyRichText text={templates?.health_disclaimer} />
          </Suspense>
        </div>
      )}
      {templates?.takerdv_text && (
        <div className={parts.note} data-testid="takerdv-text">
          <Icon name="info" />
          <Suspense fallback={null}>
            <LazyRichText text={templates?.takerdv_text} />
          </Suspense>
        </div>
      )}
    </>
  );
}
