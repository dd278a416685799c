/**
 * Calls with a well-formed key that does not exist escape the per-key rate limit (there is
 * no key) and each costs a look-up. So such calls spend a budget of their source address,
 * and a spent budget refuses the address's calls before any look-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { generateAccessKey } from '../access-keys/access-key.js';

describe('external API calls before a key is known', () => {
  let t: TestApp;
  let token = '';
  let realKey = '';

  beforeAll(async () => {
    t = await createTestApp({ config: { API_UNKNOWN_KEY_RATE_LIMIT: '3', API_RATE_LIMIT_WINDOW_SECONDS: '60' } });
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    token = await idTokenFor(t, admin.email!);
    realKey = (await createAccessKey(t, (await signIn(t, admin.email!)).headers, 'Sync')).accessKey;
  });
  afterAll(() => t.close());

  const call = (ip: string, apiKey: string) =>
    t.app.inject({ url: '/api/v1/skills', remoteAddress: ip, headers: { apikey: apiKey, authorization: `Bearer ${token}` } });

  it('limits unknown keys per source address, then refuses that address before looking any key up', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call('203.0.113.20', generateAccessKey().secret)).json().code);
    expect(codes).toEqual(['API_KEY_INVALID', 'API_KEY_INVALID', 'API_KEY_INVALID', 'RATE_LIMITED']);
    const limited = await call('203.0.113.20', generateAccessKey().secret);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Malformed and missing keys spend the same budget.
    expect((await call('203.0.113.20', 'wfk_nonsense')).statusCode).toBe(429);

    // Another address has its own budget, and a known key works from it.
    expect((await call('198.51.100.20', generateAccessKey().secret)).json().code).toBe('API_KEY_INVALID');
    expect((await call('198.51.100.20', realKey)).statusCode).toBe(200);
  });

  it('does not spend the budget on calls with a known key', async () => {
    for (let i = 0; i < 5; i++) expect((await call('198.51.100.30', realKey)).statusCode).toBe(200);
    expect((await call('198.51.100.30', generateAccessKey().secret)).json().code).toBe('API_KEY_INVALID');
  });
});
