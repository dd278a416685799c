/**
 * An endpoint whose every attempt has failed for 5 days is disabled by the console, with the
 * event webhook.disabled, and its organization's admins are e-mailed in their language; a
 * success ends an endpoint's failure.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.js';
import { OUTBOX } from '../../mail/mailer.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { parseMessage } from '../../test/smtp-peer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';
import { recordEvent, systemActor } from '../events/record.js';

const DAY_MS = 86_400_000;

describe('healing and disabling webhooks', () => {
  let app: TestApp;
  let receiver: Receiver;
  let pump: AbortController;
  let pumped: Promise<number>;
  beforeAll(async () => {
    app = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver([]);
    pump = new AbortController();
    pumped = app.app.services.webhookDeliverer.pump({ forMs: 600_000, signal: pump.signal });
  });
  afterEach(() => {
    receiver.answer = () => 200;
  });
  afterAll(async () => {
    pump.abort();
    await pumped;
    await app.close();
    await receiver.close();
  });

  /** An endpoint of the receiver whose attempts have failed for `days`. */
  const failingEndpoint = async (organizationId: string, days: number) => {
    const [row] = await app.database.db
      .insert(t.webhookEndpoints)
      .values({
        organizationId,
        url: receiver.url,
        secret: `whsec_${randomBytes(32).toString('base64')}`,
        failingSince: new Date(Date.now() - days * DAY_MS),
      })
      .returning();
    return row!;
  };
  /** An event every endpoint of the organization is sent. */
  const recordAnEvent = (organizationId: string) =>
    app.database.db.transaction((tx) =>
      recordEvent(tx, { action: 'user.created', organizationId, actor: systemActor, targets: [{ type: 'user', id: 'u', name: 'U' }] }),
    );
  const endpointRow = async (id: string) =>
    (await app.database.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, id)))[0];
  const outbox = () => {
    const dir = path.join(app.config.dataDir, OUTBOX);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
  };

  it('disables an endpoint failing for 5 days at its next failed attempt, records it and e-mails the admins in their language', async () => {
    const org = await createOrganization(app.database.db, { name: 'Ferme Tournesol', locale: 'fr' });
    await createUser(app.database.db, org.id, { email: `admin.${org.id.slice(0, 8)}@example.com`, displayName: 'Aline', locale: null });
    await createUser(app.database.db, org.id, { email: `gone.${org.id.slice(0, 8)}@example.com`, disabledAt: new Date() });
    receiver.answer = () => 503;
    const dying = await failingEndpoint(org.id, 6);
    const young = await failingEndpoint(org.id, 1);
    await recordAnEvent(org.id);
    const disabled = await until('the endpoint disabled', async () => {
      const row = await endpointRow(dying.id);
      return row && !row.enabled ? row : undefined;
    });
    expect(disabled).toMatchObject({ disabledReason: 'failing' });
    await until('the young endpoint tried', async () => (receiver.received.length >= 2 ? true : undefined));
    expect((await endpointRow(young.id))?.enabled).toBe(true);

    const events = await eventsOf(app.database.db, { organizationId: org.id });
    const recorded = events.filter((e) => e.action === 'webhook.disabled');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor: { type: 'system' },
      targets: [{ type: 'webhook', id: dying.id, name: receiver.url }],
      data: { days: 5 },
    });

    const tag = org.id.slice(0, 8);
    const mails = await until('the notice', async () => {
      const found = outbox().filter((m) => m.includes(`.${tag}@example.com`));
      return found.length > 0 ? found : undefined;
    });
    // One admin (the disabled one is not told), in the organization's language.
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: admin.${tag}@example.com`);
    const { text } = parseMessage(mails[0] as string);
    expect(text).toContain('Bonjour Aline');
    expect(text).toContain('échouent depuis 5 jours');
    expect(text).toContain(`/fr/webhooks/${dying.id}`);
  });

  it('ends the failure of an endpoint whose attempt succeeds', async () => {
    const org = await createOrganization(app.database.db);
    const hook = await failingEndpoint(org.id, 1);
    await recordAnEvent(org.id);
    await until('the failure ended', async () => ((await endpointRow(hook.id))?.failingSince === null ? true : undefined));
    expect((await endpointRow(hook.id))?.enabled).toBe(true);
  });
});
