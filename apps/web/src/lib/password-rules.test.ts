import { newPassword } from '@console/contracts/auth';
import { expect, it } from 'vitest';
import { unmetPasswordRules } from './password-rules';

it('reads each rule of the contract’s password policy', () => {
  expect(unmetPasswordRules('Abcdefgh1!')).toEqual([]);
  expect(unmetPasswordRules('Abc1!')).toEqual(['length']);
  expect(unmetPasswordRules('Abcdefgh1!Abcdefgh1!Abcdefgh1!')).toEqual(['length']);
  expect(unmetPasswordRules('Abcdefghi!')).toEqual(['digit']);
  expect(unmetPasswordRules('abcdefgh1!')).toEqual(['upper']);
  expect(unmetPasswordRules('ABCDEFGH1!')).toEqual(['lower']);
  expect(unmetPasswordRules('Abcdefgh12')).toEqual(['special']);
  expect(unmetPasswordRules('Abcd efgh1!')).toEqual(['noSpace']);
  expect(unmetPasswordRules('')).toHaveLength(6);
});

it('agrees with the schema on what is acceptable', () => {
  for (const p of ['Abcdefgh1!', 'Ñandú-2026-Çà', 'short', 'Abcd efgh1!', 'NoDigitsHere!', 'ÉÉÉÉÉÉÉÉÉ1!']) {
    expect(unmetPasswordRules(p).length === 0).toBe(newPassword.safeParse(p).success);
  }
});
