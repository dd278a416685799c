import dayjs from 'dayjs';

/** The console's date format (docs/product.md, "Limits"). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}
