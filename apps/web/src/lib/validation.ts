/**
 * The one vocabulary of field problems. Contract schemas put a code in a zod issue's
 * message ('required', 'tooLong', 'email', …); a form shows it with fieldError, in the
 * user's language, from the common catalogue's `validation.*` keys.
 */
export const validationCodes = [
  'required',
  'email',
  'tooLong',
  'invalid',
  // INVALID_CHARACTER of the contracts' text(): a NUL character, which cannot be stored.
  'invalidCharacter',
  // NAME_CHARACTER of the contracts' nameText(): a control or direction-changing character in a name.
  'nameCharacter',
  'passwordMin',
  'passwordPolicy',
  'passwordMismatch',
  // An address people are sent to (the organization's app): https, http only for localhost.
  'httpsUrl',
] as const;
export type ValidationCode = (typeof validationCodes)[number];

const isCode = (value: string): value is ValidationCode => (validationCodes as readonly string[]).includes(value);

/** The `t` of any screen (useT's, over every namespace, or the common namespace's). */
type ValidationT = (key: `validation.${ValidationCode}`, limits: { max?: number; min?: number }) => string;

/** The message of a field's problem, or undefined when it has none; `max`/`min` fill the limits. */
export function fieldError(t: ValidationT, message: string | undefined, limits: { max?: number; min?: number } = {}): string | undefined {
  if (!message) return undefined;
  return t(`validation.${isCode(message) ? message : 'invalid'}`, limits);
}
