import dayjs from 'dayjs';

/** The console's one date format, on every screen (docs/product.md, "Limits"; decision 060). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/**
 * The values of a list's "3 of 25 keys shown": both numbers in the page's locale, and the
 * plural chosen by the total, whose noun follows it ("1 of 25 keys", "1 of 1 key").
 */
export function shownOfTotal(shown: number, total: number, language: string) {
  return { count: total, shown: shown.toLocaleString(language), total: total.toLocaleString(language) };
}
