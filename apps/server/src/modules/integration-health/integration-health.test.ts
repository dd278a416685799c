/**
 * The dashboard's integration health (GET /integration-health): only an Organizational Admin,
 * of their own organization; a part only for what the organization uses (no endpoint, no
 * webhooks; never a SCIM token nor request, no provisioning); the figures as each module
 * defines them (failing and disabled endpoints, the oldest delivery still pending, the last
 * SCIM request with its refusal, the trail's newest events as the trail shows them), and
 * never another organization's.
 */
import { randomUUID } from 'node:crypto';
import { INTEGRATION_HEALTH_EVENTS, staffAsCustomersSeeThem } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createOrganization, createScimToken, createUser, createWebhookEndpoint } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const at = (iso: string) => new Date(iso);

describe('the dashboard’s integration health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new organization with its signed-in admin. */
  async function newOrganization() {
    const { db } = t.database;
    const org = await createOrganization(db);
    const user = await createUser(db, org.id);
    return { org, user, admin: await signIn(t, user.email!) };
  }

  const health = async (who: SignedIn | { headers: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: '/api/integration-health', headers: who.headers });

  /** A delivery of the endpoint in the state given, made at `createdAt`. */
  async function delivery(endpointId: string, status: 'pending' | 'succeeded' | 'failed', createdAt: string) {
    await t.database.db.insert(schema.webhookDeliveries).values({
      endpointId,
      messageId: randomUUID(),
      eventType: 'webhook.test',
      payload: {},
      status,
      createdAt: at(createdAt),
      nextAttemptAt: status === 'pending' ? at('2030-01-01T00:00:00Z') : null,
    });
  }

  /** A SCIM token of the organization (revoked when said). */
  const scimToken = (organizationId: string, values: Partial<typeof schema.scimTokens.$inferInsert> = {}) =>
    createScimToken(t.database.db, organizationId, values);

  /** A SCIM request recorded at `iso`: a user's, unless `values` says otherwise. */
  async function scimEvent(organizationId: string, iso: string, values: Partial<typeof schema.scimEvents.$inferInsert>) {
    await t.database.db.insert(schema.scimEvents).values({
      organizationId,
      at: at(iso),
      kind: 'updated',
      resourceType: 'User',
      resourceName: 'ana@acme.example',
      method: 'PUT',
      status: 200,
      ...values,
    });
  }

  it('refuses the signed-out (401) and anyone but an Organizational Admin (403)', async () => {
    const { db } = t.database;
    const { org } = await newOrganization();
    expect((await health({ headers: {} })).statusCode).toBe(401);
    // Signed in as an admin, then made a publisher: the next request is judged by the new role.
    const made = await createUser(db, org.id);
    const publisher = await signIn(t, made.email!);
    await db.update(schema.users).set({ role: 'publisher' }).where(eq(schema.users.id, made.id));
    const refused = await health(publisher);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('webhooks');
  });

  it('tells a new organization nothing of webhooks or provisioning, which it does not use', async () => {
    const { admin } = await newOrganization();
    const response = await health(admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.webhooks).toBeNull();
    expect(body.provisioning).toBeNull();
    // Whatever its trail holds (its admin's sign-in), the trail's own first page.
    const trail = await t.app.inject({ method: 'GET', url: `/api/events?limit=${INTEGRATION_HEALTH_EVENTS}`, headers: admin.headers });
    expect(body.auditTrail.events).toEqual(trail.json().events);
  });

  it('counts failing and disabled endpoints and says since when the oldest undelivered delivery waits', async () => {
    const { db } = t.database;
    const { org, admin } = await newOrganization();
    const healthy = await createWebhookEndpoint(db, org.id);
    const failing = await createWebhookEndpoint(db, org.id, { failingSince: at('2026-11-20T08:00:00Z') });
    const turnedOff = await createWebhookEndpoint(db, org.id, { enabled: false, disabledAt: at('2026-11-19T08:00:00Z') });
    const disabledForFailing = await createWebhookEndpoint(db, org.id, {
      enabled: false,
      disabledReason: 'failing',
      disabledAt: at('2026-11-18T08:00:00Z'),
      failingSince: at('2026-11-13T08:00:00Z'),
    });
    // Delivered and given-up deliveries, older than anything pending, wait for nothing.
    await delivery(healthy.id, 'succeeded', '2026-11-01T00:00:00Z');
    await delivery(failing.id, 'failed', '2026-11-02T00:00:00Z');
    await delivery(healthy.id, 'pending', '2026-11-21T10:00:00Z');
    await delivery(failing.id, 'pending', '2026-11-21T09:00:00Z');
    // A disabled endpoint's deliveries wait for it to be enabled again: they are undelivered too.
    await delivery(disabledForFailing.id, 'pending', '2026-11-18T07:59:00Z');
    await delivery(turnedOff.id, 'succeeded', '2026-11-03T00:00:00Z');
    // Another organization's endpoints, failing with an older delivery waiting, are not this one's.
    const other = await createOrganization(db);
    const foreign = await createWebhookEndpoint(db, other.id, { enabled: false, disabledReason: 'failing' });
    await delivery(foreign.id, 'pending', '2026-10-01T00:00:00Z');

    const body = (await health(admin)).json();
    expect(body.webhooks).toEqual({
      endpoints: 4,
      failing: 1,
      disabled: 2,
      disabledForFailing: 1,
      oldestWaitingSince: '2026-11-18T07:59:00.000Z',
    });
    expect(JSON.stringify(body)).not.toContain(foreign.id);
  });

  it('has no oldest waiting delivery once everything was delivered', async () => {
    const { db } = t.database;
    const { org, admin } = await newOrganization();
    const endpoint = await createWebhookEndpoint(db, org.id);
    await delivery(endpoint.id, 'succeeded', '2026-11-21T10:00:00Z');
    await delivery(endpoint.id, 'failed', '2026-11-21T09:00:00Z');
    expect((await health(admin)).json().webhooks).toEqual({
      endpoints: 1,
      failing: 0,
      disabled: 0,
      disabledForFailing: 0,
      oldestWaitingSince: null,
    });
  });

  it('shows provisioning once the organization had a SCIM token, even revoked, and its last request, refused with the reason', async () => {
    const { db } = t.database;
    const { org, admin } = await newOrganization();
    await scimToken(org.id, { revokedAt: at('2026-11-10T00:00:00Z') });
    expect((await health(admin)).json().provisioning).toEqual({ lastCallAt: null, lastEvent: null });

    await scimToken(org.id, { lastUsedAt: at('2026-11-21T10:05:00Z') });
    await scimEvent(org.id, '2026-11-21T10:00:00Z', { kind: 'created', method: 'POST', status: 201 });
    await scimEvent(org.id, '2026-11-21T10:04:00Z', {
      kind: 'refused',
      method: 'POST',
      status: 409,
      reason: 'A user with this userName already exists.',
    });
    // Another organization's request, later still, is not this one's last.
    const other = await createOrganization(db);
    await scimEvent(other.id, '2026-11-21T11:00:00Z', { kind: 'deleted', resourceName: 'Foreign team', method: 'DELETE', status: 204 });

    const { provisioning } = (await health(admin)).json();
    expect(provisioning).toEqual({
      lastCallAt: '2026-11-21T10:05:00.000Z',
      lastEvent: {
        id: expect.any(String),
        at: '2026-11-21T10:04:00.000Z',
        kind: 'refused',
        resourceType: 'User',
        resourceName: 'ana@acme.example',
        method: 'POST',
        status: 409,
        reason: 'A user with this userName already exists.',
      },
    });
    // The same event the Provisioning screen lists first.
    const screen = await t.app.inject({ method: 'GET', url: '/api/provisioning/events?limit=1', headers: admin.headers });
    expect(screen.json().events[0]).toEqual(provisioning.lastEvent);
  });

  it('shows provisioning for a SCIM request alone, without a token left', async () => {
    const { org, admin } = await newOrganization();
    await scimEvent(org.id, '2026-11-21T10:00:00Z', {
      kind: 'updated',
      resourceType: 'Group',
      resourceName: 'Assembly',
      method: 'PATCH',
      status: 200,
    });
    const { provisioning } = (await health(admin)).json();
    expect(provisioning.lastCallAt).toBeNull();
    expect(provisioning.lastEvent).toMatchObject({
      kind: 'updated',
      resourceType: 'Group',
      resourceName: 'Assembly',
      method: 'PATCH',
      status: 200,
    });
  });

  it('shows the trail’s newest events as the organization’s trail does, staff as the organization sees them, never another’s', async () => {
    const { db } = t.database;
    const { org, admin } = await newOrganization();
    const other = await createOrganization(db);
    const event = (organizationId: string, occurredAt: string, values: Partial<typeof schema.events.$inferInsert> = {}) => ({
      organizationId,
      action: 'access_key.rolled',
      actorType: 'user',
      actorId: randomUUID(),
      actorName: 'Nadia Fischer',
      targets: [{ type: 'access_key', id: randomUUID(), name: `Key ${occurredAt}` }],
      occurredAt: at(occurredAt),
      ...values,
    });
    await db.insert(schema.events).values([
      event(org.id, '2030-01-01T10:00:00Z'),
      event(org.id, '2030-01-01T11:00:00Z'),
      event(org.id, '2030-01-01T12:00:00Z', {
        action: 'organization.setting.changed',
        actorType: 'staff',
        actorName: 'Stella Staff',
        actorIp: '203.0.113.9',
        targets: [{ type: 'organization', id: org.id, name: org.name }],
        data: { key: 'eventRetentionDays', before: 400, after: 30 },
      }),
      event(org.id, '2030-01-01T13:00:00Z'),
      // Another organization's newest event of all.
      event(other.id, '2030-01-01T14:00:00Z', { actorName: 'Foreign Admin' }),
    ]);
    const { events } = (await health(admin)).json().auditTrail;
    expect(events.map((e: { occurredAt: string }) => e.occurredAt)).toEqual([
      '2030-01-01T13:00:00.000Z',
      '2030-01-01T12:00:00.000Z',
      '2030-01-01T11:00:00.000Z',
    ]);
    expect(events[1].actor).toEqual(staffAsCustomersSeeThem);
    expect(JSON.stringify(events)).not.toContain('Stella');
    expect(JSON.stringify(events)).not.toContain('Foreign Admin');
    const trail = await t.app.inject({ method: 'GET', url: `/api/events?limit=${INTEGRATION_HEALTH_EVENTS}`, headers: admin.headers });
    expect(events).toEqual(trail.json().events);
  });

  it('answers the same whatever the request carries: it reads no query nor body', async () => {
    const { db } = t.database;
    const { org, admin } = await newOrganization();
    await createWebhookEndpoint(db, org.id);
    const plain = (await health(admin)).json();
    for (const url of [
      '/api/integration-health?__proto__[polluted]=1&constructor[prototype][x]=1',
      `/api/integration-health?organizationId=${randomUUID()}&limit=1e308&events=%00`,
      `/api/integration-health?${'a[b]'.repeat(500)}=1`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(plain);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
