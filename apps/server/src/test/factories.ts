/** Small builders of test data, straight into the test database. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import * as t from '../db/schema.js';
import { hashPassword } from '../modules/auth/password.js';
import { generateScimToken } from '../modules/provisioning/scim-token.js';

export const TEST_PASSWORD = 'Test-Password-1!';
let cachedHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export async function createOrganization(db: Db, values: Partial<typeof t.organizations.$inferInsert> = {}) {
  const [org] = await db
    .insert(t.organizations)
    .values({ name: `Org ${unique()}`, clientKey: `org${unique()}`, ...values })
    .returning();
  return org;
}

/** A user with TEST_PASSWORD (hashed once per process: scrypt is slow on purpose). */
export async function createUser(db: Db, organizationId: string, values: Partial<typeof t.users.$inferInsert> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(t.users)
    .values({
      organizationId,
      email: `user.${unique()}@example.com`,
      displayName: 'Test User',
      role: 'org_admin',
      passwordHash: await cachedHash,
      ...values,
    })
    .returning();
  return user;
}

export async function createWorkspace(db: Db, organizationId: string, values: Partial<typeof t.workspaces.$inferInsert> = {}) {
  const [ws] = await db
    .insert(t.workspaces)
    .values({ organizationId, name: `Workspace ${unique()}`, ...values })
    .returning();
  return ws;
}

/** A fresh Standard Webhooks secret. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A webhook endpoint of the organization (enabled, every event type unless `values` says otherwise). */
export async function createWebhookEndpoint(db: Db, organizationId: string, values: Partial<typeof t.webhookEndpoints.$inferInsert> = {}) {
  const [endpoint] = await db
    .insert(t.webhookEndpoints)
    .values({ organizationId, url: 'https://hooks.example.com/in', secret: newWebhookSecret(), ...values })
    .returning();
  return endpoint as typeof t.webhookEndpoints.$inferSelect;
}

/**
 * A single sign-on connection of the organization: an enabled OpenID Connect one unless
 * `values` says otherwise. `lastSignInAt` set is one that has signed someone in, as "SSO login
 * only" asks (decision 062); none is discovered unless a test signs in through it.
 */
export async function createSsoConnection(db: Db, organizationId: string, values: Partial<typeof t.ssoConnections.$inferInsert> = {}) {
  const now = new Date();
  const [connection] = await db
    .insert(t.ssoConnections)
    .values({
      organizationId,
      kind: 'oidc',
      name: `Connection ${unique()}`,
      enabled: true,
      issuer: 'https://idp.example.com',
      clientId: 'console',
      clientSecret: 'client-secret',
      jit: false,
      jitRole: 'viewer',
      groupRoles: [],
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return connection as typeof t.ssoConnections.$inferSelect;
}

/** A SCIM token of the organization that works (unless `values` revokes or expires it), with its secret. */
export async function createScimToken(db: Db, organizationId: string, values: Partial<typeof t.scimTokens.$inferInsert> = {}) {
  const token = generateScimToken();
  const [row] = await db
    .insert(t.scimTokens)
    .values({
      organizationId,
      name: `Identity provider ${unique()}`,
      tokenHash: token.hash,
      prefix: token.prefix,
      last4: token.last4,
      ...values,
    })
    .returning();
  return { ...(row as typeof t.scimTokens.$inferSelect), secret: token.secret };
}

/** Every field of a contract's object schema as null: an answer's profile with nothing set. */
export function nullsOf<T extends { shape: Record<string, unknown> }>(schema: T): { [K in keyof T['shape']]: null } {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null])) as { [K in keyof T['shape']]: null };
}
