/**
 * The checklists of the two password policies. `ownPasswordPolicy`: what people choose for
 * themselves (an invitation, a reset), a passphrase of any characters, checked by its length
 * alone with the contract's limits (no zod: the pages an e-mail opens load it first). The
 * first admin's policy, the spec's rule for the password staff type when they create an
 * organization, reads the contract's schema (first-admin-password-policy.ts).
 */
import { OWN_PASSWORD_MAX, OWN_PASSWORD_MIN } from '@console/contracts/auth-constants';

export type PasswordRuleId = 'length' | 'digit' | 'upper' | 'lower' | 'special' | 'noSpace' | 'passphrase';

export interface PasswordPolicy {
  rules: readonly PasswordRuleId[];
  limits: { min: number; max: number };
  /** The rules that `password` does not meet yet (an empty one meets none). */
  unmet: (password: string) => PasswordRuleId[];
}

export const ownPasswordPolicy: PasswordPolicy = {
  rules: ['passphrase'],
  limits: { min: OWN_PASSWORD_MIN, max: OWN_PASSWORD_MAX },
  unmet: (password) => (password.length >= OWN_PASSWORD_MIN && password.length <= OWN_PASSWORD_MAX ? [] : ['passphrase']),
};
