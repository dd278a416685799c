/**
 * The one vocabulary of field problems. Contract schemas put a code in a zod issue's
 * message ('required', 'tooLong', 'email', …); a form shows it with fieldError, in the
 * user's language, from the common catalogue's `validation.*` keys.
 */
import type { useT } from '../i18n/use-t';

/** The `t` of `useT()` (every namespace, 'common' keys bare). */
type T = ReturnType<typeof useT>['t'];

export const validationCodes = ['required', 'email', 'tooLong', 'invalid', 'passwordMin', 'passwordPolicy', 'passwordMismatch'] as const;
export type ValidationCode = (typeof validationCodes)[number];

const isCode = (value: string): value is ValidationCode => (validationCodes as readonly string[]).includes(value);

/** The message of a field's problem, or undefined when it has none; `max`/`min` fill the limits. */
export function fieldError(t: T, message: string | undefined, limits: { max?: number; min?: number } = {}): string | undefined {
  if (!message) return undefined;
  return t(`validation.${isCode(message) ? message : 'invalid'}`, limits);
}
