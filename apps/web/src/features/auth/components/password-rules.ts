/**
 * The password policy shown while choosing a password (spec section 5: 10 to 25
 * characters, a digit, an upper-case and a lower-case letter, a special character, no
 * whitespace). The server checks the same rules; this list only guides the user.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 25;

export const passwordRules = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
  { id: 'upper', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lower', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'special', test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p) },
  { id: 'noSpace', test: (p: string) => p.length > 0 && !/\s/.test(p) },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

export function unmetPasswordRules(password: string): PasswordRuleId[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}
