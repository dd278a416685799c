/**
 * The checklist of the password policy, read from the contract's `newPassword` schema
 * (the one the server applies): each rule is met when none of its messages is among the
 * schema's issues for the password.
 */
import { newPassword, PASSWORD_MAX, PASSWORD_MIN } from '@console/contracts/auth';

export { PASSWORD_MAX, PASSWORD_MIN };

export const passwordRules = [
  { id: 'length', messages: ['passwordTooShort', 'passwordTooLong'] },
  { id: 'digit', messages: ['passwordNeedsDigit'] },
  { id: 'upper', messages: ['passwordNeedsUppercase'] },
  { id: 'lower', messages: ['passwordNeedsLowercase'] },
  { id: 'special', messages: ['passwordNeedsSpecial'] },
  { id: 'noSpace', messages: ['passwordNoWhitespace'] },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

/** The rules that `password` does not meet yet (an empty one meets none). */
export function unmetPasswordRules(password: string): PasswordRuleId[] {
  if (!password) return passwordRules.map((rule) => rule.id);
  const issues = new Set((newPassword.safeParse(password).error?.issues ?? []).map((issue) => issue.message));
  return passwordRules.filter((rule) => rule.messages.some((m) => issues.has(m))).map((rule) => rule.id);
}
