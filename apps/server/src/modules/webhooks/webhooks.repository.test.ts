/**
 * What the delivery module marks of endpoints: an endpoint's failure, until the console
 * disables it; and the setting that lets development and tests use http:// and private
 * addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.js';

describe('webhook endpoints for delivery', () => {
  let t: TestApp;
  let admin: SignedIn;
  let _otherAdmin: SignedIn;
  let _orgId: string;
  let repo: WebhooksRepository;

  beforeAll(async () => {
    t = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(t.database.db);
    _orgId = org.id;
    admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    _otherAdmin = await signIn(t, (await createUser(t.database.db, (await createOrganization(t.database.db)).id)).email!);
    repo = createWebhooksRepository(t.database.db);
  });
  afterAll(() => t.close());

  const create = async (payload: object, who = admin) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: who.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().webhook.id as string;
  };

  const viewOf = async (id: string) => (await t.app.inject({ url: `/api/webhook/${id}`, headers: admin.headers })).json().webhook;

  it('admits http:// and private addresses when WEBHOOKS_ALLOW_PRIVATE is on, but never credentials', async () => {
    for (const url of ['http://127.0.0.1:4010/hook', 'https://169.254.169.254/', 'http://[::1]:8080/', 'http://localhost/x'])
      await create({ url, eventTypes: 'all' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin.headers,
      payload: { url: 'http://user:pw@127.0.0.1/', eventTypes: 'all' },
    });
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_URL_INVALID', details: { reason: 'credentials' } });
    const list = (await t.app.inject({ url: '/api/webhooks', headers: admin.headers })).json();
    for (const { id } of list.webhooks) await t.app.inject({ method: 'DELETE', url: `/api/webhook/${id}`, headers: admin.headers });
  });

  it('marks an endpoint failing from its first failure, clears it on a success, and disables it once after the failing days', async () => {
    const id = await create({ url: 'http://127.0.0.1:4012/', eventTypes: 'all' });
    const first = new Date('2026-11-20T10:00:00Z');
    await repo.markFailing(id, first);
    await repo.markFailing(id, new Date('2026-11-21T10:00:00Z'));
    expect((await viewOf(id)).failingSince).toBe(first.toISOString());
    await repo.clearFailing(id);
    expect((await viewOf(id)).failingSince).toBeNull();

    await repo.markFailing(id, first);
    const now = new Date('2026-11-25T10:00:01Z');
    expect(await repo.disableFailing(id, new Date('2026-11-19T10:00:00Z'), now)).toBe(false);
    expect(await repo.disableFailing(id, new Date('2026-11-20T10:00:00Z'), now)).toBe(true);
    expect(await repo.disableFailing(id, new Date('2026-11-20T10:00:00Z'), now)).toBe(false);
    const shown = (await t.app.inject({ url: `/api/webhook/${id}`, headers: admin.headers })).json().webhook;
    expect(shown).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
      disabledAt: now.toISOString(),
      failingSince: first.toISOString(),
    });

    // Enabling it again clears the disabling and the failure.
    const enabled = await t.app.inject({ method: 'PATCH', url: `/api/webhook/${id}`, headers: admin.headers, payload: { enabled: true } });
    expect(enabled.json().webhook).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  });
});
