/**
 * The spec's rule for an organization's first admin's password, read from the contract's
 * schema (the one the server applies): each rule is met when none of its messages is among
 * the schema's issues for the password.
 */
import { firstAdminPassword, PASSWORD_MAX, PASSWORD_MIN } from '@console/contracts/auth';
import type { PasswordPolicy, PasswordRuleId } from './password-rules';

const rules: readonly { id: PasswordRuleId; messages: readonly string[] }[] = [
  { id: 'length', messages: ['passwordTooShort', 'passwordTooLong'] },
  { id: 'digit', messages: ['passwordNeedsDigit'] },
  { id: 'upper', messages: ['passwordNeedsUppercase'] },
  { id: 'lower', messages: ['passwordNeedsLowercase'] },
  { id: 'special', messages: ['passwordNeedsSpecial'] },
  { id: 'noSpace', messages: ['passwordNoWhitespace'] },
];

export const firstAdminPasswordPolicy: PasswordPolicy = {
  rules: rules.map((rule) => rule.id),
  limits: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  unmet: (password) => {
    if (!password) return rules.map((rule) => rule.id);
    const issues = new Set((firstAdminPassword.safeParse(password).error?.issues ?? []).map((issue) => issue.message));
    return rules.filter((rule) => rule.messages.some((m) => issues.has(m))).map((rule) => rule.id);
  },
};
