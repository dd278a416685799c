/**
 * Webhook endpoints through the console's calls and the external API: what is saved and
 * shown, the secret shown once and kept out of events and logs, a roll's grace, the URL
 * policy, the cap and another organization's endpoints.
 */
import { WEBHOOK_SECRET_PATTERN, webhookErrorCodes } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../test/capture.js';
import { testClock } from '../../test/clock.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const HOUR = 3_600_000;

describe('webhook endpoints', () => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let orgId: string;
  let adminEmail: string;
  const clock = testClock('2026-11-20T09:00:00.000Z');
  const { logger, lines: logLines } = capturedLogger();
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logger, clock, config: { WEBHOOKS_PER_ORGANIZATION_MAX: '3' } });
    const org = await createOrganization(t.database.db);
    const other = await createOrganization(t.database.db);
    orgId = org.id;
    const a = await createUser(t.database.db, org.id, { displayName: 'Ada Admin' });
    adminEmail = a.email!;
    admin = await signIn(t, a.email!);
    otherAdmin = await signIn(t, (await createUser(t.database.db, other.id)).email!);
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload && { payload }) });
  const create = (payload: object, who = admin) => call(who, 'POST', '/webhooks', payload);
  const remove = (id: string) => call(admin, 'DELETE', `/webhook/${id}`);

  it('adds an endpoint, answers its secret once, and shows it without the secret', async () => {
    const res = await create({ url: ' https://hooks.acme.example/in ', description: 'LMS', eventTypes: ['user.created', 'user.disabled'] });
    expect(res.statusCode).toBe(201);
    const { webhook, secret } = res.json();
    secrets.push(secret);
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    // Standard Webhooks: the part after whsec_ is base64 of the key's bytes.
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({
      url: 'https://hooks.acme.example/in',
      description: 'LMS',
      eventTypes: ['user.created', 'user.disabled'],
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      secretLast4: secret.slice(-4),
      previousSecretExpiresAt: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      createdBy: { displayName: 'Ada Admin' },
    });

    const list = await call(admin, 'GET', '/webhooks');
    expect(list.json()).toMatchObject({ total: 1, webhooks: [{ id: webhook.id }] });
    const one = await call(admin, 'GET', `/webhook/${webhook.id}`);
    expect(one.json().webhook).toEqual(webhook);
    for (const body of [list.body, one.body]) expect(body).not.toContain(secret.slice(6, -4));

    const [event] = await eventsOf(t.database.db, { action: 'webhook.created', targetId: webhook.id });
    expect(event).toMatchObject({
      organizationId: orgId,
      actor: { type: 'user', name: 'Ada Admin' },
      targets: [{ type: 'webhook', id: webhook.id, name: 'https://hooks.acme.example/in' }],
      data: { url: 'https://hooks.acme.example/in', eventTypes: ['user.created', 'user.disabled'], enabled: true },
    });
    expect(await remove(webhook.id)).toMatchObject({ statusCode: 200 });
  });

  it('changes only the fields sent, records before and after, and disables and enables', async () => {
    const { webhook } = (await create({ url: 'https://a.acme.example/', eventTypes: 'all' })).json();
    expect(webhook).toMatchObject({ eventTypes: 'all', description: '', enabled: true });
    clock.advance(60_000);

    const changed = await call(admin, 'PATCH', `/webhook/${webhook.id}`, { eventTypes: ['user_import.completed'], enabled: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      url: 'https://a.acme.example/',
      eventTypes: ['user_import.completed'],
      enabled: false,
      disabledReason: null,
      disabledAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    const [updated] = await eventsOf(t.database.db, { action: 'webhook.updated', targetId: webhook.id });
    expect(updated.data).toEqual({
      before: { url: 'https://a.acme.example/', description: '', eventTypes: 'all', enabled: true },
      after: { url: 'https://a.acme.example/', description: '', eventTypes: ['user_import.completed'], enabled: false },
    });

    const enabled = await call(admin, 'PATCH', `/webhook/${webhook.id}`, { enabled: true, description: 'Back', eventTypes: 'all' });
    expect(enabled.json().webhook).toMatchObject({ enabled: true, disabledAt: null, description: 'Back', eventTypes: 'all' });

    // An empty change, an empty list of types and an unknown type are refused, and change nothing.
    for (const payload of [{}, { eventTypes: [] }, { eventTypes: ['no.such_action'] }, { enabled: 'yes' }]) {
      const bad = await call(admin, 'PATCH', `/webhook/${webhook.id}`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await call(admin, 'GET', `/webhook/${webhook.id}`)).json().webhook).toEqual(enabled.json().webhook);
    expect(await remove(webhook.id)).toMatchObject({ statusCode: 200 });
  });

  it('deletes an endpoint and records it; a second delete is 404', async () => {
    const { webhook } = (await create({ url: 'https://gone.acme.example/', eventTypes: 'all' })).json();
    const res = await remove(webhook.id);
    expect(res.json()).toMatchObject({ removedWebhook: { id: webhook.id, url: 'https://gone.acme.example/' } });
    expect(await eventsOf(t.database.db, { action: 'webhook.deleted', targetId: webhook.id })).toHaveLength(1);
    const again = await remove(webhook.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(webhookErrorCodes.notFound);
  });

  it('rolls the secret: the previous one signs too until its grace ends (24 hours unless chosen)', async () => {
    const { webhook, secret: first } = (await create({ url: 'https://roll.acme.example/', eventTypes: 'all' })).json();
    secrets.push(first);
    const rolledAt = clock.now();
    const roll = await call(admin, 'POST', `/webhook/${webhook.id}/roll`, {});
    expect(roll.statusCode).toBe(200);
    const { webhook: rolled, secret: second } = roll.json();
    secrets.push(second);
    expect(second).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(second).not.toBe(first);
    expect(rolled).toMatchObject({
      secretLast4: second.slice(-4),
      previousSecretExpiresAt: new Date(rolledAt.getTime() + 24 * HOUR).toISOString(),
    });
    const [event] = await eventsOf(t.database.db, { action: 'webhook.secret_rolled', targetId: webhook.id });
    expect(event.data).toEqual({ gracePeriod: '24h', previousSecretExpiresAt: rolled.previousSecretExpiresAt });

    // Which secrets sign during the grace is the delivery's to show (webhook-delivery.test.ts).
    // Rolling again in the grace keeps only the newest previous secret, for the grace chosen; `now` ends it at once.
    const third = await call(admin, 'POST', `/webhook/${webhook.id}/roll`, { gracePeriod: '1h' });
    expect(third.json().webhook.previousSecretExpiresAt).toBe(new Date(clock.now().getTime() + HOUR).toISOString());
    const fourth = await call(admin, 'POST', `/webhook/${webhook.id}/roll`, { gracePeriod: 'now' });
    expect(fourth.json().webhook.previousSecretExpiresAt).toBe(clock.now().toISOString());
    secrets.push(third.json().secret, fourth.json().secret);
    expect(new Set(secrets.slice(-4)).size).toBe(4);
    expect((await call(admin, 'POST', `/webhook/${webhook.id}/roll`, { gracePeriod: '2d' })).statusCode).toBe(400);
    expect(await remove(webhook.id)).toMatchObject({ statusCode: 200 });
  });

  it('refuses http, private, loopback, link-local and metadata addresses, and credentials, with their reason', async () => {
    const refused: [string, string][] = [
      ['http://hooks.acme.example/', 'not_https'],
      ['https://127.0.0.1/', 'private_address'],
      ['https://10.0.0.8/', 'private_address'],
      ['https://169.254.169.254/latest/meta-data/', 'private_address'],
      ['https://[::1]/', 'private_address'],
      ['https://[fc00::1]/', 'private_address'],
      ['https://0.0.0.0/', 'private_address'],
      ['https://localhost/', 'private_address'],
      ['https://user:secret@hooks.acme.example/', 'credentials'],
    ];
    for (const [url, reason] of refused) {
      const res = await create({ url, eventTypes: 'all' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: webhookErrorCodes.urlInvalid, details: { reason } });
    }
    // Not a URL at all is the form's problem, not the policy's.
    for (const url of ['hooks.acme.example', 'ftp://hooks.acme.example/', 'https://']) {
      const res = await create({ url, eventTypes: 'all' });
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await call(admin, 'GET', '/webhooks')).json().total).toBe(0);

    // A change to such a URL is refused too, and the endpoint keeps its URL.
    const { webhook } = (await create({ url: 'https://ok.acme.example/', eventTypes: 'all' })).json();
    const change = await call(admin, 'PATCH', `/webhook/${webhook.id}`, { url: 'https://192.168.1.10/' });
    expect(change.json()).toMatchObject({ code: webhookErrorCodes.urlInvalid, details: { reason: 'private_address' } });
    expect((await call(admin, 'GET', `/webhook/${webhook.id}`)).json().webhook.url).toBe('https://ok.acme.example/');
    expect(await eventsOf(t.database.db, { action: 'webhook.updated', targetId: webhook.id })).toHaveLength(0);
    expect(await remove(webhook.id)).toMatchObject({ statusCode: 200 });
  });

  it('caps the endpoints of an organization, each organization its own', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await create({ url: `https://cap${n}.acme.example/`, eventTypes: 'all' });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().webhook.id);
    }
    const fourth = await create({ url: 'https://cap4.acme.example/', eventTypes: 'all' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: webhookErrorCodes.limitReached, details: { max: 3 } });
    expect((await create({ url: 'https://other.example/', eventTypes: 'all' }, otherAdmin)).statusCode).toBe(201);
    await remove(ids[0]);
    expect((await create({ url: 'https://cap4.acme.example/', eventTypes: 'all' })).statusCode).toBe(201);
    const list = (await call(admin, 'GET', '/webhooks')).json();
    for (const { id } of list.webhooks) await remove(id);
  });

  it("answers 404 for another organization's endpoint, and changes nothing of it", async () => {
    const { webhook } = (await create({ url: 'https://mine.acme.example/', eventTypes: 'all' })).json();
    const tries = [
      call(otherAdmin, 'GET', `/webhook/${webhook.id}`),
      call(otherAdmin, 'PATCH', `/webhook/${webhook.id}`, { enabled: false }),
      call(otherAdmin, 'POST', `/webhook/${webhook.id}/roll`, {}),
      call(otherAdmin, 'DELETE', `/webhook/${webhook.id}`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(webhookErrorCodes.notFound);
    }
    expect((await call(otherAdmin, 'GET', '/webhooks')).body).not.toContain(webhook.id);
    expect((await call(admin, 'GET', `/webhook/${webhook.id}`)).json().webhook).toEqual(webhook);
    expect(await remove(webhook.id)).toMatchObject({ statusCode: 200 });
  });

  it('offers the same calls through the external API, as the access key', async () => {
    const key = await call(admin, 'POST', '/integrations', { name: 'Hooks', description: '' });
    const headers = { apikey: key.json().accessKey, authorization: `Bearer ${await idTokenFor(t, adminEmail)}` };
    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
    const created = await api('POST', '/webhooks', { url: 'https://api.acme.example/', eventTypes: ['webhook.created'] });
    expect(created.statusCode).toBe(201);
    const { webhook, secret } = created.json();
    secrets.push(secret);
    expect((await api('GET', '/webhooks')).json()).toMatchObject({ total: 1, webhooks: [{ id: webhook.id }] });
    expect((await api('PATCH', `/webhooks/${webhook.id}`, { description: 'by API' })).json().webhook.description).toBe('by API');
    secrets.push((await api('POST', `/webhooks/${webhook.id}/roll`, { gracePeriod: '7d' })).json().secret);
    expect((await api('GET', `/webhooks/${webhook.id}`)).json().webhook.previousSecretExpiresAt).not.toBeNull();
    expect((await api('POST', '/webhooks', { url: 'https://169.254.169.254/', eventTypes: 'all' })).json().code).toBe(
      webhookErrorCodes.urlInvalid,
    );
    const [event] = await eventsOf(t.database.db, { action: 'webhook.created', targetId: webhook.id });
    expect(event.actor).toMatchObject({ type: 'access_key', id: key.json().integration.id, name: 'Hooks' });
    expect((await api('DELETE', `/webhooks/${webhook.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/webhooks/${webhook.id}`)).statusCode).toBe(404);

    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/webhooks', '/api/v1/webhooks/{id}', '/api/v1/webhooks/{id}/roll']),
    );
    const payload = doc.webhooks.event.post.requestBody.content['application/json'].schema;
    expect(payload.required).toEqual(['type', 'timestamp', 'data']);
    expect(payload.properties.type.enum).toEqual(expect.arrayContaining(['user.created', 'webhook.test']));
    expect(doc.webhooks.event.post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('keeps every secret out of the events and the log', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const events = JSON.stringify(await eventsOf(t.database.db, { action: 'webhook.%' }));
    const log = logLines.join('\n');
    for (const secret of secrets) {
      const body = secret.slice('whsec_'.length);
      expect(events).not.toContain(body);
      expect(log).not.toContain(body);
    }
  });
});
