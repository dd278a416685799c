/** When an event happened (or a webhook delivery was tried), in the reader's locale and time zone, to the second (an audit trail orders by it). */
import type { Locale } from '../../i18n/locales';

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatEventTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : locale, { dateStyle: 'medium', timeStyle: 'medium' });
    formats.set(locale, format);
  }
  return format.format(date);
}
