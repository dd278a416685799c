/**
 * Refused sign-ins through a connection are events of the audit trail (decision 062): each is
 * the system's `sso_connection.sign_in_refused` in the refusal row's own transaction, and a
 * flood of them records at most SSO_REFUSAL_EVENTS_PER_HOUR a connection an hour while the
 * connection keeps its list. The refusals here are the cheapest there are (an answer without
 * this browser's state, or an issuer that does not answer): what is refused is the end-to-end
 * tests' (sso-connections.sign-in.test.ts, sso-connections.saml.test.ts).
 */
import { SSO_REFUSAL_EVENTS_PER_HOUR } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConnectionRefusals, ssoConnections, ssoLoginStates } from '../../db/schema.js';
import { hashSecret } from '../../http/secrets.js';
import { testClock } from '../../test/clock.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { REFUSAL_EVENTS_WINDOW_MS } from './sign-in-conclusion.js';

const BROWSER = { ip: '203.0.113.9', userAgent: 'Refused/1.0' };

describe('refused sign-ins through a connection are events', () => {
  const clock = testClock('2026-12-03T09:00:00Z');
  let t: TestApp;
  let orgId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true' } });
    orgId = (await createOrganization(t.database.db, { name: 'Acme' })).id;
    adminId = (await createUser(t.database.db, orgId, { email: 'boss@acme.example', role: 'org_admin' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A connection whose issuer answers nothing (a closed loopback port): its discovery fails. */
  async function connection(name: string) {
    const [row] = await t.database.db
      .insert(ssoConnections)
      .values({
        organizationId: orgId,
        kind: 'oidc',
        name,
        enabled: true,
        issuer: 'http://127.0.0.1:9',
        clientId: 'client',
        clientSecret: 'connection-secret-0123456789-abcdef',
        jit: false,
        jitRole: 'viewer',
        groupRoles: [],
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning({ id: ssoConnections.id });
    return row.id;
  }

  /** An answer in a browser that did not start the sign-in: refused before anything is fetched. */
  const refusedAnswer = (connectionId: string) =>
    t.app.services.ssoConnectionSignIn.finish(connectionId, '?code=stolen&state=theirs', 'mine', BROWSER);
  const recorded = (connectionId: string) => eventsOf(t.database.db, { action: 'sso_connection.sign_in_refused', targetId: connectionId });
  const kept = (connectionId: string) =>
    t.database.db.select().from(ssoConnectionRefusals).where(eq(ssoConnectionRefusals.connectionId, connectionId));

  it('records the system’s event naming the connection, with the refusal’s code and words and the browser’s address', async () => {
    const id = await connection('Okta');
    expect(await refusedAnswer(id)).toEqual({ outcome: 'refused', code: 'SSO_FAILED' });
    const [refusal] = await kept(id);
    const [event] = await recorded(id);
    expect(event).toMatchObject({
      action: 'sso_connection.sign_in_refused',
      actor: { type: 'system', id: null, ip: BROWSER.ip, userAgent: BROWSER.userAgent },
      targets: [{ type: 'sso_connection', id, name: 'Okta' }],
      data: { reasonCode: 'state_mismatch', reason: refusal.reason },
    });
    expect(Object.keys(event.data).sort()).toEqual(['reason', 'reasonCode']);
    expect(JSON.stringify(event)).not.toMatch(/stolen|connection-secret/);
  });

  it('says when it was an admin’s Test connection', async () => {
    const id = await connection('Entra ID');
    await t.database.db.insert(ssoLoginStates).values({
      stateHash: hashSecret('the-test-state'),
      provider: 'connection',
      codeVerifier: 'verifier',
      nonce: 'nonce',
      redirectPath: '/',
      expiresAt: new Date(clock.now().getTime() + 60_000),
      connectionId: id,
      testBy: adminId,
    });
    const finished = await t.app.services.ssoConnectionSignIn.finish(id, '?code=c&state=the-test-state', 'the-test-state', BROWSER);
    expect(finished).toEqual({ outcome: 'tested', connectionId: id });
    const [event] = await recorded(id);
    expect(event.data).toMatchObject({ reasonCode: 'discovery_failed', test: true });
  });

  it('is kept with its refusal or not at all: one transaction', async () => {
    const id = await connection('Ping');
    await t.database.executeSql(
      `create function refuse_sign_in_refused_events() returns trigger language plpgsql as $$ begin raise exception 'the events table refuses'; end $$;
       create trigger refuse_sign_in_refused_events before insert on events for each row
         when (new.action = 'sso_connection.sign_in_refused') execute function refuse_sign_in_refused_events();`,
    );
    try {
      await expect(refusedAnswer(id)).rejects.toMatchObject({ cause: { message: expect.stringContaining('the events table refuses') } });
    } finally {
      await t.database.executeSql('drop trigger refuse_sign_in_refused_events on events; drop function refuse_sign_in_refused_events();');
    }
    expect(await kept(id)).toHaveLength(0);
    await refusedAnswer(id);
    expect(await kept(id)).toHaveLength(1);
    expect(await recorded(id)).toHaveLength(1);
  });

  it(`records at most ${SSO_REFUSAL_EVENTS_PER_HOUR} a connection an hour, the last saying until when; the list keeps them all`, async () => {
    const flooded = await connection('Flooded');
    const quiet = await connection('Quiet');
    const windowStart = clock.now();
    for (let i = 0; i < SSO_REFUSAL_EVENTS_PER_HOUR + 7; i++) {
      await refusedAnswer(flooded);
      clock.advance(1000);
    }
    const events = await recorded(flooded);
    expect(events).toHaveLength(SSO_REFUSAL_EVENTS_PER_HOUR);
    const pausedUntil = new Date(windowStart.getTime() + REFUSAL_EVENTS_WINDOW_MS).toISOString();
    expect(events.map((e) => e.data.eventsPausedUntil)).toEqual([...Array(SSO_REFUSAL_EVENTS_PER_HOUR - 1).fill(undefined), pausedUntil]);
    expect(await kept(flooded)).toHaveLength(SSO_REFUSAL_EVENTS_PER_HOUR + 7);

    // Another connection of the organization has its own hour.
    await refusedAnswer(quiet);
    expect(await recorded(quiet)).toHaveLength(1);

    // Just before the window ends, still withheld; from its end, recorded again.
    clock.set(new Date(windowStart.getTime() + REFUSAL_EVENTS_WINDOW_MS - 1));
    await refusedAnswer(flooded);
    expect(await recorded(flooded)).toHaveLength(SSO_REFUSAL_EVENTS_PER_HOUR);
    clock.set(new Date(windowStart.getTime() + REFUSAL_EVENTS_WINDOW_MS));
    await refusedAnswer(flooded);
    const after = await recorded(flooded);
    expect(after).toHaveLength(SSO_REFUSAL_EVENTS_PER_HOUR + 1);
    expect(after.at(-1)?.data).toEqual({ reasonCode: 'state_mismatch', reason: expect.any(String) });
  });
});
