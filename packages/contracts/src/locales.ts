/** The languages of the console's screens and of its e-mails. */
export const contentLocales = ['en', 'es', 'fr', 'pt'] as const;
export type ContentLocale = (typeof contentLocales)[number];

/** A stored or sent language as one of the four (its first two letters, without case); English when unknown. */
export function contentLocaleOf(locale: string | null | undefined): ContentLocale {
  const base = (locale ?? 'en').slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' || base === 'pt' ? base : 'en';
}
