/**
 * Every password sign-in pays one scrypt verification, whether the person has a password,
 * has none (staff, SSO users, invitees) or does not exist, so the answer's time does not tell
 * them apart. Counted, not timed: a time would flake on a busy machine (bench/sign-in-timing.ts
 * measures the times).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitHitsRepository } from '../../db/rate-limit-hits.repository.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService } from './auth.service.js';
import { verifyPassword } from './password.js';
import { createSessionsRepository } from './sessions.repository.js';

describe('password sign-in always verifies a password hash', () => {
  let t: TestApp;
  let orgId: string;
  const verified: (string | null | undefined)[] = [];
  let auth: ReturnType<typeof createAuthService>;

  beforeAll(async () => {
    t = await createTestApp();
    orgId = (await createOrganization(t.database.db)).id;
    // The real service on the real database; only the verifier is wrapped, to count its work.
    auth = createAuthService({
      db: t.database.db,
      repo: createAuthRepository(t.database.db, createRateLimitHitsRepository(t.database.db)),
      users: t.app.services.users,
      sessions: createSessionsRepository(t.database.db),
      idTokens: t.deps.idTokens,
      clock: t.deps.clock,
      config: t.config,
      verifyPassword: (password, stored) => {
        verified.push(stored);
        return verifyPassword(password, stored);
      },
    });
  });
  afterAll(() => t.close());

  async function signInVerifications(email: string) {
    verified.length = 0;
    await expect(auth.passwordSignIn(email, 'Some-guess-1!', { ip: '127.0.0.1' })).rejects.toMatchObject({ code: 'BAD_CREDENTIALS' });
    return [...verified];
  }

  it('for a person without a password, an unknown e-mail and a person with one alike', async () => {
    const passwordless = await createUser(t.database.db, orgId, { passwordHash: null, signInProvider: 'google' });
    const withPassword = await createUser(t.database.db, orgId);

    for (const email of [passwordless.email!, 'nobody.here@example.com', withPassword.email!]) {
      const hashes = await signInVerifications(email);
      expect(hashes, email).toHaveLength(1);
      expect(hashes[0], email).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    }
  });

  it('for a disabled person and a person of a disabled organization, with the right password, against their own hash', async () => {
    const disabled = await createUser(t.database.db, orgId, { disabledAt: new Date() });
    const closedOrg = await createOrganization(t.database.db, { disabledAt: new Date() });
    const ofClosedOrg = await createUser(t.database.db, closedOrg.id);
    for (const person of [disabled, ofClosedOrg]) {
      verified.length = 0;
      await expect(auth.passwordSignIn(person.email!, TEST_PASSWORD, { ip: '127.0.0.1' })).rejects.toMatchObject({
        statusCode: 401,
        code: 'BAD_CREDENTIALS',
      });
      expect(verified, person.email!).toEqual([person.passwordHash]);
    }
  });

  it('and a passwordless person still cannot sign in with any password', async () => {
    const passwordless = await createUser(t.database.db, orgId, { passwordHash: null });
    await expect(auth.passwordSignIn(passwordless.email!, TEST_PASSWORD, { ip: '127.0.0.1' })).rejects.toMatchObject({
      code: 'BAD_CREDENTIALS',
    });
  });
});
