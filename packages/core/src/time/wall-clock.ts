/** Minutes from local midnight for "HH:MM" ("24:00" → 1440). Throws on anything else. */
export function parseWallClock(value: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a time HH:MM: ${value}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 1440) throw new Error(`not a time HH:MM: ${value}`);
  return minutes;
}

/** "HH:MM" for minutes from local midnight (0…1440). */
export function formatWallClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
