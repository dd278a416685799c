/**
 * Forgotten passwords (decision 051) against a real SMTP peer: the same answer for every
 * address, a link in the person's language that works once and for 15 minutes (the injected
 * clock), budgets per address and per source, and every session ended by the reset.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userTokens } from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createMailTestApp, MAIL_BRANDING, type MailTestApp } from '../../test/mail-test-app.js';
import { createAccessKey, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { PASSWORD_RESET_PER_ADDRESS, PASSWORD_RESET_PER_SOURCE } from './password-reset.service.js';

const NEW_PASSWORD = 'Fresh-Passw0rd!';

describe('password reset', () => {
  const clock = testClock('2026-11-27T09:00:00Z');
  let t: MailTestApp;
  let orgId: string;
  let sources = 0;

  beforeAll(async () => {
    t = await createMailTestApp({
      clock,
      config: { ...MAIL_BRANDING, SIGN_IN_RATE_LIMIT_MAX: '10000' },
    });
    orgId = (await createOrganization(t.database.db, { name: 'Globex', locale: 'pt' })).id;
  });
  afterAll(() => t.close());

  /** Each test from its own address, so one test's requests never spend another's budget. */
  const newSource = () => `10.0.51.${++sources}`;
  const requestReset = (email: string, source: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: source });
  const check = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password } });
  const passwordSignIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));
  /** The link of the newest e-mail to this address, once it has arrived. */
  const linkFor = (email: string, count = 1) =>
    until(`the reset e-mail to ${email}`, async () => {
      const mails = mailsTo(email);
      if (mails.length < count) return undefined;
      const match = /\/auth\/password\/reset\?token=([\w-]+)/.exec(mails[mails.length - 1].text);
      return match?.[1];
    });
  /** Every delivery asked for so far has ended (the route answers before it). */
  const delivered = () => t.app.services.passwordReset.settled();

  it('answers the same for an address with an account and one without, and e-mails only the first, in their language', async () => {
    const person = await createUser(t.database.db, orgId, { email: 'rita.reset@example.com', displayName: 'Rita' });
    const source = newSource();
    const known = await requestReset(person.email!, source);
    const unknown = await requestReset('nobody.here@example.com', source);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ requested: true });

    const token = await linkFor(person.email!);
    const [mail] = mailsTo(person.email!);
    expect(mail.subject).toBe('Redefina sua senha do Acme Learn');
    expect(mail.text).toContain(`https://console.example.com/pt/auth/password/reset?token=${token}`);
    expect(mail.text).toContain('15 minutos');
    await delivered();
    expect(mailsTo('nobody.here@example.com')).toHaveLength(0);
    const [row] = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, person.id));
    expect(row).toMatchObject({ kind: 'password_reset', usedAt: null, sendError: null });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
  });

  it("e-mails the holder of an address asked for in another spelling (case, Unicode, the root's trailing dot)", async () => {
    const person = await createUser(t.database.db, orgId, { email: 'tess.reset@example.com' });
    const asked = await requestReset('Tess.Reset@ＥＸＡＭＰＬＥ.COM.', newSource());
    expect(asked.statusCode, asked.body).toBe(200);
    await delivered();
    expect(mailsTo(person.email!)).toHaveLength(1);
  });

  it("writes to a person without a language of their own in the language of the page they asked from, else their organization's", async () => {
    const noLanguage = await createUser(t.database.db, orgId, { email: 'noa.reset@example.com', locale: null });
    const french = await createUser(t.database.db, orgId, { email: 'fred.reset@example.com', locale: 'fr' });
    const source = newSource();
    const ask = (email: string, locale?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/request',
        payload: locale ? { email, locale } : { email },
        remoteAddress: source,
      });
    expect((await ask(noLanguage.email!, 'es')).statusCode).toBe(200);
    const spanish = await linkFor(noLanguage.email!);
    expect(mailsTo(noLanguage.email!)[0].text).toContain(`https://console.example.com/es/auth/password/reset?token=${spanish}`);
    // Their own language wins over the page's.
    expect((await ask(french.email!, 'es')).statusCode).toBe(200);
    const theirs = await linkFor(french.email!);
    expect(mailsTo(french.email!)[0].text).toContain(`https://console.example.com/fr/auth/password/reset?token=${theirs}`);
    // No page language (the API called directly): the organization's, Portuguese.
    expect((await ask(noLanguage.email!)).statusCode).toBe(200);
    const organizations = await linkFor(noLanguage.email!, 2);
    expect(mailsTo(noLanguage.email!)[1].text).toContain(`https://console.example.com/pt/auth/password/reset?token=${organizations}`);
    // A language that is not one of the four is a 400, and nothing is sent.
    expect((await ask(noLanguage.email!, 'de')).statusCode).toBe(400);
    await delivered();
    expect(mailsTo(noLanguage.email!)).toHaveLength(2);
  });

  it('sends nothing to staff, disabled people or people of a disabled organization', async () => {
    const db = t.database.db;
    const staffOrg = await createOrganization(db, { isStaff: true });
    const staff = await createUser(db, staffOrg.id, { email: 'sam.staff@workframe.io', allowedRoleTypes: ['read'], passwordHash: null });
    const disabled = await createUser(db, orgId, { disabledAt: new Date() });
    const closedOrg = await createOrganization(db, { disabledAt: new Date() });
    const inClosed = await createUser(db, closedOrg.id);
    const source = newSource();
    for (const email of [staff.email!, disabled.email!, inClosed.email!]) {
      expect((await requestReset(email, source)).json()).toEqual({ requested: true });
      await delivered();
      expect(mailsTo(email)).toHaveLength(0);
    }
  });

  it('checks the link on load, sets the new password once, and ends every session of the person', async () => {
    const person = await createUser(t.database.db, orgId, { locale: 'en' });
    const email = person.email!;
    const sessions: SignedIn[] = [await signIn(t, email), await signIn(t, email)];
    await requestReset(email, newSource());
    const token = await linkFor(email);
    expect(mailsTo(email)[0].subject).toBe('Reset your Acme Learn password');

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email });
    // A password the policy refuses uses nothing up.
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_ERROR');
    expect((await check(token)).statusCode).toBe(200);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ passwordReset: true, ssoLoginOnly: false });
    for (const session of sessions) {
      const me = await t.app.inject({ url: '/api/auth/me', headers: session.headers });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ code: 'SESSION_REVOKED', details: { reason: 'password_reset' } });
    }
    expect((await passwordSignIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordSignIn(email, TEST_PASSWORD)).json().code).toBe('BAD_CREDENTIALS');
    // Both steps are events of the person's organization, the reset by the person themselves.
    const trail = await eventsOf(t.database.db, { targetId: person.id, action: 'user.password_reset%' });
    expect(trail.map((e) => [e.action, e.actor.type, e.actor.id])).toEqual([
      ['user.password_reset_requested', 'system', null],
      ['user.password_reset', 'user', person.id],
    ]);
    expect(trail[1]).toMatchObject({ organizationId: orgId, data: { sessionsEnded: true } });

    const again = await reset(token, 'Another-Passw0rd!');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PASSWORD_RESET_INVALID');
    expect((await check(token)).json().code).toBe('PASSWORD_RESET_INVALID');
    expect((await passwordSignIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the idTokens of the old password stop working with the reset: no session opens with one, no API call is made with one', async () => {
    const person = await createUser(t.database.db, orgId, { locale: 'en' });
    const email = person.email!;
    // Whoever knew the old password took a console idToken and an API one before the reset.
    const consoleToken = (await passwordSignIn(email, TEST_PASSWORD)).json().idToken as string;
    const apiToken = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { email, password: TEST_PASSWORD } })).json()
      .idToken as string;
    const validate = (idToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', payload: { idToken } });
    expect((await validate(apiToken)).json().validatorResponse.valid).toBe(true);
    // The integration's calls, with its organization's access key (the token verified and cached by the first).
    const { accessKey } = await createAccessKey(t, (await signIn(t, email)).headers);
    const apiCall = () => t.app.inject({ url: '/api/v1/workflows', headers: { apikey: accessKey, authorization: `Bearer ${apiToken}` } });
    expect((await apiCall()).statusCode).toBe(200);

    const before = clock.now();
    // The reset is made later than the tokens (the test's clock stands still otherwise).
    clock.set(new Date(before.getTime() + 1));
    await requestReset(email, newSource());
    expect((await reset(await linkFor(email))).statusCode).toBe(200);

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { idToken: consoleToken, email },
    });
    expect(session.statusCode).toBe(401);
    expect(session.cookies).toHaveLength(0);
    for (const idToken of [consoleToken, apiToken]) expect((await validate(idToken)).json().validatorResponse.valid).toBe(false);
    const refused = await apiCall();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    // A token taken with the new password works.
    clock.set(new Date(before.getTime() + 2));
    try {
      const fresh = (await passwordSignIn(email, NEW_PASSWORD)).json().idToken as string;
      expect((await validate(fresh)).json().validatorResponse.valid).toBe(true);
    } finally {
      clock.set(before);
    }
  });

  it('a link of someone disabled since it was sent says at once that it does not work, and changes nothing', async () => {
    const person = await createUser(t.database.db, orgId);
    const email = person.email!;
    await requestReset(email, newSource());
    const token = await linkFor(email);
    await t.database.db.update(users).set({ disabledAt: clock.now() }).where(eq(users.id, person.id));

    const checked = await check(token);
    expect(checked.statusCode).toBe(400);
    expect(checked.json().code).toBe('PASSWORD_RESET_INVALID');
    expect((await reset(token)).json().code).toBe('PASSWORD_RESET_INVALID');
    const [stored] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, person.id));
    expect(stored.passwordHash).toBe(person.passwordHash);
  });

  it('a link stops working after 15 minutes, and a newer link retires the older one', async () => {
    const person = await createUser(t.database.db, orgId);
    const email = person.email!;
    const source = newSource();
    await requestReset(email, source);
    const first = await linkFor(email);
    await requestReset(email, source);
    const second = await linkFor(email, 2);
    expect(second).not.toBe(first);
    expect((await check(first)).json().code).toBe('PASSWORD_RESET_INVALID');

    const sentAt = clock.now();
    try {
      clock.set(new Date(sentAt.getTime() + 15 * 60_000 - 1000));
      expect((await check(second)).statusCode).toBe(200);
      clock.set(new Date(sentAt.getTime() + 15 * 60_000));
      expect((await check(second)).json().code).toBe('PASSWORD_RESET_INVALID');
      expect((await reset(second)).json().code).toBe('PASSWORD_RESET_INVALID');
    } finally {
      clock.set(sentAt);
    }
    const [stored] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, person.id));
    expect(stored.passwordHash).toBe(person.passwordHash);
  });

  it('e-mails one address at most 3 times an hour (the answer unchanged), and answers 429 past 10 requests from one source', async () => {
    const person = await createUser(t.database.db, orgId);
    const email = person.email!;
    for (let i = 0; i < PASSWORD_RESET_PER_ADDRESS + 1; i++) {
      const source = newSource();
      expect((await requestReset(email, source)).json()).toEqual({ requested: true });
    }
    await linkFor(email, PASSWORD_RESET_PER_ADDRESS);
    await delivered();
    expect(mailsTo(email)).toHaveLength(PASSWORD_RESET_PER_ADDRESS);
    const tokens = await t.database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, person.id), eq(userTokens.kind, 'password_reset')));
    expect(tokens).toHaveLength(PASSWORD_RESET_PER_ADDRESS);

    const source = newSource();
    for (let i = 0; i < PASSWORD_RESET_PER_SOURCE; i++) {
      expect((await requestReset(`someone.${i}@example.com`, source)).statusCode).toBe(200);
    }
    const refused = await requestReset('one.more@example.com', source);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another source is not refused.
    expect((await requestReset('one.more@example.com', newSource())).statusCode).toBe(200);
  });

  it('behind the proxy (TRUST_PROXY), counts the address the proxy saw, not one the caller wrote into X-Forwarded-For', async () => {
    const proxied = await createTestApp({ clock, config: { TRUST_PROXY: 'true', SIGN_IN_RATE_LIMIT_MAX: '10000' } });
    try {
      // The proxy appends the address it saw to whatever X-Forwarded-For the caller sent.
      const viaProxy = (written: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/request',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${written}, 203.0.113.77` },
          payload: { email: 'somebody@example.com' },
        });
      for (let i = 0; i < PASSWORD_RESET_PER_SOURCE; i++) expect((await viaProxy(`198.51.100.${i}`)).statusCode).toBe(200);
      const refused = await viaProxy('198.51.100.200');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    } finally {
      await proxied.app.services.passwordReset.settled();
      await proxied.close();
    }
  });
});
