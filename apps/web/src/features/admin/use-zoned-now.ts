/**
 * The group's "now" (docs/back-office.md "Agenda"): its date and minute in the group's time zone,
 * refreshed every minute, for the current-time line and "today".
 */
import { useEffect, useMemo, useState } from 'react';
import { nowInZone } from './agenda-layout.ts';

export function useZonedNow(timeZone: string) {
  const [instant, setInstant] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setInstant(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => nowInZone(instant, timeZone), [instant, timeZone]);
}
