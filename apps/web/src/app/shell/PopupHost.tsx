/** Draws the open popup, loading the popup code on first use. */
import { lazy, Suspense } from 'react';
import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';
import { usePopupStore } from '../../ui/popup-store.ts';
import { usePrivacyChoicesStore } from './privacy-choices-store.ts';

const Popups = lazy(() => import('./popups/Popups.tsx').then((m) => ({ default: m.Popups })));
const PrivacyChoices = lazy(() =>
  import('./popups/PrivacyChoicesDialog.tsx').then((m) => ({ default: m.PrivacyChoicesDialog })),
);

interface PopupHostProps {
  group: Group | null;
  session: Session | null;
  steps: readonly string[];
}

export function PopupHost({ group, session, steps }: PopupHostProps) {
  const popup = usePopupStore((state) => state.popup);
  const privacy = usePrivacyChoicesStore((state) => state.open);
  return (
    <Suspense fallback={null}>
      {popup && <Popups popup={popup} group={group} session={session} steps={steps} />}
      {privacy && <PrivacyChoices />}
    </Suspense>
  );
}
