/**
 * While `active`, leaving the page (closing it, reloading, following a link out) asks first with the
 * browser's own warning: unsaved input is not lost by accident
 * (docs/requirements/accounts-and-appointments.md §2, §4).
 */
import { useEffect } from 'react';

export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
