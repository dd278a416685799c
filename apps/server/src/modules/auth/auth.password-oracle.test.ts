/**
 * The sign-in form and the external API's token call are no password oracle: a disabled
 * person, or one of a disabled organization, who types the RIGHT password gets the answer of
 * a wrong one, byte for byte, and the refusal counts toward the lockouts as a wrong one does
 * (else the tenth try would tell the right password from a wrong one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SIGN_IN_URLS = ['/api/auth/sign-in', '/api/v1/auth/token'];

describe('a disabled account with its right password is answered as a wrong password', () => {
  let t: TestApp;
  let people: Record<'enabled' | 'disabled' | 'ofDisabledOrg', { id: string; email: string | null }>;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    const closed = await createOrganization(db, { disabledAt: new Date() });
    people = {
      enabled: await createUser(db, org.id),
      disabled: await createUser(db, org.id, { disabledAt: new Date() }),
      ofDisabledOrg: await createUser(db, closed.id),
    };
  });
  afterAll(() => t.close());

  const attempt = (url: string, email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, remoteAddress, payload: { email, password } });

  /** Status, headers that could differ by case, and the whole body. */
  const answer = async (res: Awaited<ReturnType<typeof attempt>>) => ({
    statusCode: res.statusCode,
    retryAfter: res.headers['retry-after'],
    body: res.json(),
  });

  it.each(SIGN_IN_URLS)(
    '%s: the same status, code, message and body for a wrong password, a disabled user and a disabled organization',
    async (url) => {
      const wrong = await answer(await attempt(url, people.enabled.email!, 'Wrong-password-1!'));
      expect(wrong).toEqual({ statusCode: 401, retryAfter: undefined, body: expect.objectContaining({ code: 'BAD_CREDENTIALS' }) });
      expect(await answer(await attempt(url, people.disabled.email!, TEST_PASSWORD))).toEqual(wrong);
      expect(await answer(await attempt(url, people.ofDisabledOrg.email!, TEST_PASSWORD))).toEqual(wrong);
      expect(await answer(await attempt(url, 'nobody.at.all@example.com', TEST_PASSWORD))).toEqual(wrong);
    },
  );

  it('counts the right password of a disabled account as a failure: the tenth try locks the source out as a wrong one does', async () => {
    const { db } = t.database;
    const org = await createOrganization(db);
    const target = await createUser(db, org.id, { disabledAt: new Date() });
    const control = await createUser(db, org.id);
    const tries = async (email: string, password: string, ip: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await attempt(SIGN_IN_URLS[i % 2], email, password, ip)).statusCode);
      return codes;
    };
    const wrongPasswords = await tries(control.email!, 'Wrong-password-1!', '203.0.113.21');
    expect(wrongPasswords).toEqual([...Array(9).fill(401), 429]);
    expect(await tries(target.email!, TEST_PASSWORD, '203.0.113.22')).toEqual(wrongPasswords);
    // Its admins read on the trail why it was refused; the caller did not.
    const refused = await eventsOf(db, { targetId: target.id, action: 'session.sign_in_failed' });
    expect(refused).toHaveLength(9);
    expect(refused.every((e) => e.data.reason === 'user_disabled')).toBe(true);
  });
});
