import { firstAdminPassword, ownPassword } from '@console/contracts/auth';
import { expect, it } from 'vitest';
import { firstAdminPasswordPolicy } from './first-admin-password-policy';
import { ownPasswordPolicy } from './password-rules';

const passphrase64 = 'correct horse battery staple on a quiet morning by the old mill!';

it('reads each rule of the first admin’s policy, the spec’s', () => {
  expect(firstAdminPasswordPolicy.unmet('Abcdefgh1!')).toEqual([]);
  expect(firstAdminPasswordPolicy.unmet('Abc1!')).toEqual(['length']);
  expect(firstAdminPasswordPolicy.unmet('Abcdefgh1!Abcdefgh1!Abcdefgh1!')).toEqual(['length']);
  expect(firstAdminPasswordPolicy.unmet('Abcdefghi!')).toEqual(['digit']);
  expect(firstAdminPasswordPolicy.unmet('abcdefgh1!')).toEqual(['upper']);
  expect(firstAdminPasswordPolicy.unmet('ABCDEFGH1!')).toEqual(['lower']);
  expect(firstAdminPasswordPolicy.unmet('Abcdefgh12')).toEqual(['special']);
  expect(firstAdminPasswordPolicy.unmet('Abcd efgh1!')).toEqual(['noSpace']);
  expect(firstAdminPasswordPolicy.unmet('')).toHaveLength(6);
  expect(firstAdminPasswordPolicy.unmet(passphrase64)).toContain('length');
});

it('takes a passphrase of 64 characters with spaces for a password people choose, and only asks a length', () => {
  expect(passphrase64).toHaveLength(64);
  expect(ownPasswordPolicy.unmet(passphrase64)).toEqual([]);
  expect(ownPasswordPolicy.unmet('all lower case words')).toEqual([]);
  expect(ownPasswordPolicy.unmet('short one')).toEqual(['passphrase']);
  expect(ownPasswordPolicy.unmet('x'.repeat(129))).toEqual(['passphrase']);
  expect(ownPasswordPolicy.unmet('')).toEqual(['passphrase']);
});

it('agrees with each schema on what is acceptable', () => {
  for (const p of ['Abcdefgh1!', 'Ñandú-2026-Çà', 'short', 'Abcd efgh1!', 'NoDigitsHere!', 'ÉÉÉÉÉÉÉÉÉ1!', passphrase64, 'x'.repeat(129)]) {
    expect(firstAdminPasswordPolicy.unmet(p).length === 0).toBe(firstAdminPassword.safeParse(p).success);
    expect(ownPasswordPolicy.unmet(p).length === 0).toBe(ownPassword.safeParse(p).success);
  }
});
