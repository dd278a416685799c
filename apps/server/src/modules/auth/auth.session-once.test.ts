/**
 * An idToken opens one browser session, never a second (not after logout either); an
 * external API token opens none; and a session ended by its own logout stays ended (the web
 * app's side, no "closed from another device" after one's own logout, is lib/http.test.ts). A security review found one idToken, or an external API
 * token leaked from an integration's logs, opening any number of 3-day console sessions.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('idTokens and browser sessions', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    email = (await createUser(t.database.db, org.id)).email!;
  });
  afterAll(() => t.close());

  const openSession = (idToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth', headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE }, payload: { idToken, email } });
  const passwordToken = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: TEST_PASSWORD } })).json()
      .idToken as string;

  it('one session per idToken: a second use is refused, after logout too', async () => {
    const idToken = await passwordToken();
    const first = await openSession(idToken);
    expect(first.statusCode).toBe(200);

    const again = await openSession(idToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('ID_TOKEN_USED');
    expect(again.cookies).toEqual([]);

    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const out = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE } });
    expect(out.statusCode).toBe(200);
    expect((await openSession(idToken)).json().code).toBe('ID_TOKEN_USED');

    // A new sign-in gives a new token, which opens its session.
    expect((await openSession(await passwordToken())).statusCode).toBe(200);
  });

  it('an external API token is not a console token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const refused = await openSession(res.json().idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    expect(refused.cookies).toEqual([]);
  });
});
