/**
 * Lengths of time and how long ago, in the page's language, by the browser's own Intl: the
 * dashboard's integration health. Apart from format.ts, which the dashboard's first chunk holds,
 * so that only the card that uses them loads them.
 */
type TimeUnit = 'second' | 'minute' | 'hour' | 'day';

/** A length of time in its largest whole unit: 59 seconds, then minutes, hours, days (2 h 59 min is 2 hours). */
function wholeUnits(ms: number): [number, TimeUnit] {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return [seconds, 'second'];
  if (seconds < 3_600) return [Math.floor(seconds / 60), 'minute'];
  if (seconds < 86_400) return [Math.floor(seconds / 3_600), 'hour'];
  return [Math.floor(seconds / 86_400), 'day'];
}

/** How long something has lasted, short, in the page’s language: "2 hr" (English), "2 h", "5 min", "3 j" (French). */
export function formatDuration(ms: number, language: string): string {
  const [value, unit] = wholeUnits(ms);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * How long ago an instant was, in the page's language ("5 minutes ago", "hace 5 minutos", "il y
 * a 5 minutes"); an instant ahead of this browser's clock reads as now.
 */
export function formatTimeAgo(value: string, language: string, now: number = Date.now()): string {
  const [amount, unit] = wholeUnits(now - Date.parse(value));
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-amount, unit);
}
