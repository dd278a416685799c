/**
 * A request typed `application/json` with nothing after it has no body, on every route: the
 * console's, the external API's and SCIM's answer it exactly as they answer the same request
 * without a content type (HTTP clients send the type with an empty DELETE or action). A route
 * whose body is required answers its own validation error, which the web shows in the user's
 * language, not a parser's "body cannot be empty".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, SCIM, scimClient, scimOrganization, USER_SCHEMA } from '../modules/provisioning/scim.fixtures.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../test/factories.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('an empty body typed as JSON', () => {
  let t: TestApp;
  let console_: Record<string, string>;
  let api: Record<string, string>;
  let scim: Record<string, string>;
  let scimCall: ReturnType<typeof scimClient>;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    const admin = await createUser(t.database.db, org.id);
    console_ = (await signIn(t, admin.email!)).headers;
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: console_,
      payload: { name: 'Empty', description: 'x' },
    });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    api = { apikey: key.json().accessKey, authorization: `Bearer ${token.json().idToken}` };
    const scimToken = (await scimOrganization(t)).token;
    scim = { authorization: `Bearer ${scimToken}` };
    scimCall = scimClient(t, scimToken);
  });
  afterAll(() => t.close());

  /** The answer without a body, then with an empty one typed as JSON: each at its own url (a write happens once). */
  async function bothWays(method: Method, urls: [string, string], headers: Record<string, string>) {
    const without = await t.app.inject({ method, url: urls[0], headers });
    const empty = await t.app.inject({
      method,
      url: urls[1],
      headers: { ...headers, 'content-type': 'application/json', 'content-length': '0' },
      payload: '',
    });
    const answer = (res: typeof without) => ({ status: res.statusCode, body: res.body && res.json() });
    return { without: answer(without), empty: answer(empty) };
  }

  it("is no body on the console's routes", async () => {
    // Required bodies: the route's own validation error.
    const create = await bothWays('POST', ['/api/integrations', '/api/integrations'], console_);
    expect(create.without).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(create.empty).toEqual(create.without);
    const keys = await Promise.all(
      ['One', 'Two'].map(async (name) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/integrations',
          headers: console_,
          payload: { name, description: 'x' },
        });
        return res.json().integration.id as string;
      }),
    );
    const update = await bothWays('PUT', [`/api/integration/${keys[0]}`, `/api/integration/${keys[0]}`], console_);
    expect(update.without).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(update.empty).toEqual(update.without);
    // No body: the call is made.
    const removed = await bothWays('DELETE', [`/api/integration/${keys[0]}`, `/api/integration/${keys[1]}`], console_);
    expect(removed.without.status).toBe(200);
    expect(removed.empty.status).toBe(removed.without.status);
    const left = await t.app.inject({ url: '/api/integrations', headers: console_ });
    expect(left.body).not.toContain(keys[1]);
    // An optional body.
    const validate = await bothWays('POST', ['/api/auth/validate-oauth', '/api/auth/validate-oauth'], console_);
    expect(validate.without.status).toBe(200);
    expect(validate.empty).toEqual(validate.without);
  });

  it('is no body on the external API', async () => {
    const create = await bothWays('POST', ['/api/v1/webhooks', '/api/v1/webhooks'], api);
    expect(create.without).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(create.empty).toEqual(create.without);
    const [one, two] = await Promise.all([createUser(t.database.db, orgId), createUser(t.database.db, orgId)]);
    const disabled = await bothWays('POST', [`/api/v1/users/${one.id}/disable`, `/api/v1/users/${two.id}/disable`], api);
    expect(disabled.without.status).toBe(200);
    expect(disabled.empty.status).toBe(200);
    expect(disabled.empty.body.user).toMatchObject({ id: two.id });
  });

  it('is no body on SCIM', async () => {
    const group = (await scimCall('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Empty' })).body.id as string;
    const replace = await bothWays('PUT', [`${SCIM}/Groups/${group}`, `${SCIM}/Groups/${group}`], scim);
    expect(replace.without.status).toBe(400);
    expect(replace.empty).toEqual(replace.without);
    const users = await Promise.all(
      ['one', 'two'].map(
        async (name) => (await scimCall('POST', '/Users', { schemas: [USER_SCHEMA], userName: `${name}.empty@scim.example` })).body.id,
      ),
    );
    const removed = await bothWays('DELETE', [`${SCIM}/Users/${users[0]}`, `${SCIM}/Users/${users[1]}`], scim);
    expect(removed.without.status).toBe(204);
    expect(removed.empty).toEqual(removed.without);
  });
});
