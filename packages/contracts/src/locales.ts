/** The languages of the console's screens and of its e-mails. */
export const contentLocales = ['en', 'es', 'fr', 'pt'] as const;
export type ContentLocale = (typeof contentLocales)[number];
