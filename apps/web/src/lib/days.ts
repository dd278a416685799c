/**
 * Days of the reader's calendar as a list's filters keep them in the address (`YYYY-MM-DD`):
 * `from` asks for the day's first instant, `to` for the next day's first (exclusive), both in
 * the reader's time zone. What is no calendar day is dropped, so a hand-edited link shows a
 * wider list rather than an error.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day's first instant in the reader's time zone (`plusDays` later), or undefined when it is no calendar day. */
export function startOfDay(day: string | undefined, plusDays = 0): Date | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  if (y < 1970 || date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return undefined;
  return plusDays ? new Date(y, m - 1, d + plusDays) : date;
}

/** The day as written, when it is one. */
export const validDay = (day: string | null): string | undefined => (day && startOfDay(day) ? day : undefined);
