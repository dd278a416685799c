/**
 * The locale of the page on screen, for `useT`. A language switch loads the new catalogue
 * in the route loader, before the new URL commits; reading the language from the committed
 * page (not from i18next's global language) keeps the old page in its own language until
 * the new one replaces it, instead of flashing the old page translated.
 */
import { createContext } from 'react';
import type { Locale } from './locales';

/** Undefined outside the page frame (dialogs opened at the app's root): the global language applies. */
export const RouteLocaleContext = createContext<Locale | undefined>(undefined);
