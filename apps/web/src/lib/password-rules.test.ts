import { firstAdminPassword, ownPassword } from '@console/contracts/auth';
import { expect, it } from 'vitest';
import { unmetPasswordRules } from './password-rules';

const passphrase64 = 'correct horse battery staple on a quiet morning by the old mill!';

it('reads each rule of the first admin’s policy, the spec’s', () => {
  expect(unmetPasswordRules('Abcdefgh1!', 'firstAdmin')).toEqual([]);
  expect(unmetPasswordRules('Abc1!', 'firstAdmin')).toEqual(['length']);
  expect(unmetPasswordRules('Abcdefgh1!Abcdefgh1!Abcdefgh1!', 'firstAdmin')).toEqual(['length']);
  expect(unmetPasswordRules('Abcdefghi!', 'firstAdmin')).toEqual(['digit']);
  expect(unmetPasswordRules('abcdefgh1!', 'firstAdmin')).toEqual(['upper']);
  expect(unmetPasswordRules('ABCDEFGH1!', 'firstAdmin')).toEqual(['lower']);
  expect(unmetPasswordRules('Abcdefgh12', 'firstAdmin')).toEqual(['special']);
  expect(unmetPasswordRules('Abcd efgh1!', 'firstAdmin')).toEqual(['noSpace']);
  expect(unmetPasswordRules('', 'firstAdmin')).toHaveLength(6);
  expect(unmetPasswordRules(passphrase64, 'firstAdmin')).toContain('length');
});

it('takes a passphrase of 64 characters with spaces for a password people choose, and only asks a length', () => {
  expect(passphrase64).toHaveLength(64);
  expect(unmetPasswordRules(passphrase64)).toEqual([]);
  expect(unmetPasswordRules('all lower case words')).toEqual([]);
  expect(unmetPasswordRules('short one')).toEqual(['passphrase']);
  expect(unmetPasswordRules('x'.repeat(129))).toEqual(['passphrase']);
  expect(unmetPasswordRules('')).toEqual(['passphrase']);
});

it('agrees with each schema on what is acceptable', () => {
  for (const p of ['Abcdefgh1!', 'Ñandú-2026-Çà', 'short', 'Abcd efgh1!', 'NoDigitsHere!', 'ÉÉÉÉÉÉÉÉÉ1!', passphrase64, 'x'.repeat(129)]) {
    expect(unmetPasswordRules(p, 'firstAdmin').length === 0).toBe(firstAdminPassword.safeParse(p).success);
    expect(unmetPasswordRules(p).length === 0).toBe(ownPassword.safeParse(p).success);
  }
});
