/**
 * The checklists of the two password policies, read from the contract's schemas (the ones
 * the server applies): each rule is met when none of its messages is among the schema's
 * issues for the password. `own`: what people choose for themselves (an invitation, a reset),
 * a passphrase of any characters; `firstAdmin`: the spec's rule for the first admin's
 * password that staff type when they create an organization.
 */
import { firstAdminPassword, OWN_PASSWORD_MAX, OWN_PASSWORD_MIN, ownPassword, PASSWORD_MAX, PASSWORD_MIN } from '@console/contracts/auth';

export type PasswordPolicy = 'own' | 'firstAdmin';

const firstAdminRules = [
  { id: 'length', messages: ['passwordTooShort', 'passwordTooLong'] },
  { id: 'digit', messages: ['passwordNeedsDigit'] },
  { id: 'upper', messages: ['passwordNeedsUppercase'] },
  { id: 'lower', messages: ['passwordNeedsLowercase'] },
  { id: 'special', messages: ['passwordNeedsSpecial'] },
  { id: 'noSpace', messages: ['passwordNoWhitespace'] },
] as const;

const ownRules = [{ id: 'passphrase', messages: ['passwordTooShort', 'passwordTooLong'] }] as const;

export type PasswordRuleId = (typeof firstAdminRules)[number]['id'] | (typeof ownRules)[number]['id'];

interface Policy {
  schema: typeof ownPassword;
  rules: readonly { id: PasswordRuleId; messages: readonly string[] }[];
  limits: { min: number; max: number };
}

export const passwordPolicies: Record<PasswordPolicy, Policy> = {
  own: { schema: ownPassword, rules: ownRules, limits: { min: OWN_PASSWORD_MIN, max: OWN_PASSWORD_MAX } },
  firstAdmin: { schema: firstAdminPassword, rules: firstAdminRules, limits: { min: PASSWORD_MIN, max: PASSWORD_MAX } },
};

/** The rules of the policy that `password` does not meet yet (an empty one meets none). */
export function unmetPasswordRules(password: string, policy: PasswordPolicy = 'own'): PasswordRuleId[] {
  const { schema, rules } = passwordPolicies[policy];
  if (!password) return rules.map((rule) => rule.id);
  const issues = new Set((schema.safeParse(password).error?.issues ?? []).map((issue) => issue.message));
  return rules.filter((rule) => rule.messages.some((m) => issues.has(m))).map((rule) => rule.id);
}
