/**
 * Secrets once reached the log (request URLs, failed statements' parameters, the start
 * banner). Every flow that hands the server a secret, through the real app with a logger at
 * trace level configured as the server's, and the captured log searched for every secret
 * handed over: invitation links and their password, one-time sign-in links,
 * single sign-on's code and state, an access key sent as `?apiKey=`, idTokens, and a failed
 * statement whose parameters hold a password hash.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from './http/secrets.js';
import { createSignInLink } from './modules/auth/sign-in-links.service.js';
import { generateScimToken } from './modules/provisioning/scim-token.js';
import { generateWebhookSecret } from './modules/webhooks/webhooks.service.js';
import { capturedLogger } from './test/capture.js';
import { createOrganization, createUser, TEST_PASSWORD } from './test/factories.js';
import { signIn } from './test/sign-in.js';
import { createTestApp, type TestApp } from './test/test-app.js';

describe('the log', () => {
  let t: TestApp;
  const { logger, lines } = capturedLogger();
  const secrets: string[] = [];
  const handed = <T extends string>(secret: T): T => {
    secrets.push(secret);
    return secret;
  };

  beforeAll(async () => {
    t = await createTestApp({ logger, config: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'x' } });
  });
  afterAll(() => t.close());

  it('holds none of the secrets the server was handed, in any flow', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id);
    const invitee = await createUser(db, org.id, { passwordHash: null });
    const staffish = await createUser(db, org.id, { passwordHash: null, signInProvider: 'custom' });

    // An invitation: the link's page, then accepting it with a password.
    const invitation = await t.app.services.invitations.create({ userId: invitee.id, invitedBy: admin.id });
    const token = handed(invitation.token);
    await t.app.inject({ url: `/auth/invitation/accept?token=${encodeURIComponent(token)}` });
    await t.app.inject({ url: `/es/auth/invitation/accept?lang=es&token=${encodeURIComponent(token)}` });
    const password = handed('Invitee-Pw-9!');
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const idToken = handed(accepted.json().idToken as string);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { idToken, email: invitee.email },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', payload: { idToken } });

    // A one-time sign-in link: its page, then redeeming it.
    const link = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, staffish.email!);
    const linkToken = handed(new URL(link.url).searchParams.get('token')!);
    await t.app.inject({ url: new URL(link.url).pathname + new URL(link.url).search });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/custom', payload: { token: linkToken } })).statusCode).toBe(200);

    // Single sign-on's return, with a code and a state.
    const code = handed('sso-code-4f1c2b9e8d7a6');
    const state = handed('sso-state-9a8b7c6d5e4f3');
    await t.app.inject({ url: `/api/auth/google/callback?code=${code}&state=${state}` });

    // The external API with the access key in the query (the wrong place, but it happens) and a bearer token.
    const session = await signIn(t, admin.email!);
    const { accessKey } = (
      await t.app.inject({ method: 'POST', url: '/api/integrations', headers: session.headers, payload: { name: 'Log', description: 'x' } })
    ).json();
    handed(accessKey as string);
    const apiToken = handed(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { email: admin.email, password: TEST_PASSWORD } })).json()
        .idToken as string,
    );
    await t.app.inject({ url: `/api/v1/workflows?limit=5&apiKey=${accessKey}`, headers: { authorization: `Bearer ${apiToken}` } });
    await t.app.inject({ url: `/api/v1/workflows?ApiKey=${accessKey}`, headers: { apiKey: accessKey } });
    handed(session.sessionSecret);

    // A statement that fails with a password hash among its parameters.
    const second = await t.app.services.invitations.create({ userId: admin.id, invitedBy: null });
    handed(second.token);
    await db.execute(
      sql`create function refuse_password() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await db.execute(
      sql`create trigger refuse_password before update of password_hash on users for each row execute function refuse_password()`,
    );
    try {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/invitation/accept',
        payload: { token: second.token, password: handed('Another-Pw-8!') },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_password on users`);
      await db.execute(sql`drop function refuse_password()`);
    }

    const log = lines.join('');
    // The flows were logged (at trace level every request is), only without their secrets.
    expect(log).toContain('/auth/invitation/accept');
    expect(log).toContain('/api/auth/google/callback');
    expect(log).toContain('request failed');
    for (const secret of secrets) {
      expect(log, `secret ${secret.slice(0, 12)}…`).not.toContain(secret);
      expect(log, `secret ${secret.slice(0, 12)}… (URL-encoded)`).not.toContain(encodeURIComponent(secret));
    }
    // No password hash of any kind, nor a statement's parameters.
    expect(log).not.toContain('scrypt$');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toMatch(/params: (?!\[redacted\])|"params":/);
  });

  it('holds no secret of a shape the console makes, in a parameter of any name, a path, a bare query or any header', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id);
    const staffish = await createUser(db, org.id, { passwordHash: null, signInProvider: 'custom' });
    const session = await signIn(t, admin.email!);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: session.headers,
      payload: { name: 'Shapes', description: 'x' },
    });
    const accessKey = created.json().accessKey as string;
    const link = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, staffish.email!);
    const shaped = {
      'an access key': accessKey,
      'a SCIM token': generateScimToken().secret,
      'a webhook secret': generateWebhookSecret(),
      'an invitation token': (await t.app.services.invitations.create({ userId: staffish.id, invitedBy: admin.id })).token,
      // Password resets' tokens are made by the same generator, and only ever e-mailed.
      'a password reset token': randomToken(),
      'a sign-in link token': new URL(link.url).searchParams.get('token')!,
    };
    const key = { apikey: accessKey };
    const upload = { 'content-type': 'multipart/form-data; boundary=x' };
    for (const secret of Object.values(shaped)) {
      for (const sent of new Set([secret, encodeURIComponent(secret)])) {
        await t.app.inject({ url: `/api/v1/workflows?limit=5&look=${sent}`, headers: key });
        await t.app.inject({ url: `/api/v1/workflows?${sent}`, headers: key });
        await t.app.inject({ url: `/api/v1/workflows/${sent}`, headers: key });
        await t.app.inject({ url: `/api/nowhere/${sent}/x?y=1` });
      }
      // Any header: multipart logs every request header at trace level.
      await t.app.inject({
        method: 'POST',
        url: '/api/user-imports',
        headers: { ...session.headers, ...upload, 'x-note': secret },
        payload: '--x--\r\n',
      });
    }

    const log = lines.join('');
    // Each way was logged (at trace level every request is, and the upload's headers), only without the secrets.
    expect(log).toContain('/api/v1/workflows?limit=5&look=[redacted]');
    expect(log).toContain('/api/v1/workflows/[redacted]');
    expect(log).toContain('"x-note":"[redacted]"');
    for (const [what, secret] of Object.entries(shaped)) {
      expect(log, what).not.toContain(secret);
      expect(log, `${what} (URL-encoded)`).not.toContain(encodeURIComponent(secret));
    }
  });
});
