/** An organization with an admin and a SCIM token, and a SCIM client for app.inject tests. */
import { afterAll, beforeAll } from 'vitest';
import { createOrganization, createScimToken, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

export const SCIM = '/api/scim/v2';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export async function scimOrganization(t: TestApp) {
  const { db } = t.database;
  const org = await createOrganization(db);
  const admin = await createUser(db, org.id);
  const token = await createScimToken(db, org.id, { createdBy: admin.id });
  return { org, admin, token: token.secret };
}

/** A SCIM client as identity providers are: bearer token, application/scim+json. */
export function scimClient(t: TestApp, token: string) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method,
      url: `${SCIM}${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      // A string goes as it is (a body that is not JSON).
      ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

/**
 * A test app with one SCIM organization, made before the enclosing describe's tests (and its
 * own beforeAll) and closed after them: `scim` calls SCIM with the organization's token, `t`
 * is the app once the tests run.
 */
export function scimTestApp() {
  let client: ScimClient | undefined;
  const app = {
    t: undefined as unknown as TestApp,
    scim: ((...args: Parameters<ScimClient>) => client!(...args)) as ScimClient,
  };
  beforeAll(async () => {
    app.t = await createTestApp();
    client = scimClient(app.t, (await scimOrganization(app.t)).token);
  });
  afterAll(() => app.t.close());
  return app;
}

export const uniqueEmail = (label: string) => `${label}.${Math.random().toString(36).slice(2, 10)}@scim.example`;
