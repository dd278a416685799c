import dayjs from 'dayjs';

/** The console's date format (spec section 9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}
