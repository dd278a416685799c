/**
 * Invitations of people who work in the platform's app rather than this console (decision
 * 049): the e-mail asks them to activate their account, its page checks the link as it loads
 * (GET auth/invitation?token=), and activating sets the password without a console session.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, organizations, users, userTokens } from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { MAIL_BRANDING } from '../../test/mail-test-app.js';
import { signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { invitingOrganization } from './auth.invitations.fixtures.js';

const GOOD = 'Activ8-Passw0rd!';
const APP = 'https://app.acme-learn.example';

describe('invitations to activate an account of the platform app', () => {
  const w = invitingOrganization({
    app: { config: { ...MAIL_BRANDING, PLATFORM_APP_URL: APP, SIGN_IN_RATE_LIMIT_MAX: '10000' } },
    organization: { name: 'Initech', locale: 'pt' },
    inviter: { displayName: 'Ana Admin', locale: 'es' },
  });

  const check = (token: string) => w.t.app.inject({ url: `/api/auth/invitation?token=${encodeURIComponent(token)}` });
  const activate = (token: string, password = GOOD) =>
    w.t.app.inject({ method: 'POST', url: '/api/auth/invitation/activate', payload: { token, password } });
  const newUser = (values: Partial<typeof users.$inferInsert> = {}) =>
    createUser(w.t.database.db, w.orgId, { passwordHash: null, displayName: 'Vera Viewer', role: 'viewer', ...values });
  const lastMailTo = (email: string) => w.t.smtp.messages.filter((m) => m.to.includes(email)).at(-1)!;
  const tokenOf = (text: string) => decodeURIComponent(/token=([^\s&]+)/.exec(text)![1]);

  it('asks Viewers and Publishers to activate their account, in the app, and keeps console invitations for admins', async () => {
    const viewer = await newUser();
    const publisher = await newUser({ role: 'publisher', locale: 'fr' });
    const admin = await newUser({ role: 'org_admin', locale: 'en' });
    for (const u of [viewer, publisher, admin]) await w.t.app.services.invitations.invite({ userId: u.id, invitedBy: w.inviterId });

    const toViewer = lastMailTo(viewer.email!);
    expect(toViewer.subject).toBe('Ative sua conta do Acme Learn');
    expect(toViewer.text).toContain('Ana Admin criou sua conta de Initech no Acme Learn.');
    expect(toViewer.text).toContain(`entre no app do Acme Learn em ${APP}`);
    expect(toViewer.text).toMatch(/https:\/\/console\.example\.com\/pt\/auth\/invitation\/activate\?token=/);
    expect(toViewer.text).not.toContain('/auth/invitation/accept');
    expect((await check(tokenOf(toViewer.text))).json()).toMatchObject({ state: 'valid', invitation: { access: 'app' } });

    const toPublisher = lastMailTo(publisher.email!);
    expect(toPublisher.subject).toBe('Activez votre compte Acme Learn');
    expect(toPublisher.text).toMatch(/https:\/\/console\.example\.com\/fr\/auth\/invitation\/activate\?token=/);

    const toAdmin = lastMailTo(admin.email!);
    expect(toAdmin.subject).toBe('You are invited to Initech on Acme Learn');
    expect(toAdmin.text).toMatch(/https:\/\/console\.example\.com\/auth\/invitation\/accept\?token=/);
  });

  it("writes in the person's language, else the organization's", async () => {
    const own = await newUser({ locale: 'es' });
    const none = await newUser({ locale: null });
    await w.t.app.services.invitations.invite({ userId: own.id, invitedBy: null });
    await w.t.app.services.invitations.invite({ userId: none.id, invitedBy: w.inviterId });
    expect(lastMailTo(own.email!).subject).toBe('Activa tu cuenta de Acme Learn');
    expect(lastMailTo(own.email!).text).toContain('Tienes una cuenta de Initech');
    // The inviter writes in Spanish, but the organization has a language: Portuguese.
    expect(lastMailTo(none.email!).subject).toBe('Ative sua conta do Acme Learn');
  });

  it('checks a link as its page loads: valid (whose account, where it is used), then used, and changes nothing by checking', async () => {
    const viewer = await newUser({ displayName: 'Vítor Viewer' });
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: w.inviterId });

    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        state: 'valid',
        invitation: { displayName: 'Vítor Viewer', email: viewer.email, organizationName: 'Initech', access: 'app', appUrl: APP },
      });
    }
    const res = await activate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ activated: true, email: viewer.email, appUrl: APP });
    expect(await check(token).then((r) => r.json())).toEqual({ state: 'used' });
    const again = await activate(token, 'Other-Passw0rd!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVITATION_INVALID' });
    expect(again.json().message).toMatch(/used already, replaced by a newer one or has expired/);
  });

  it('says replaced for an invitation a newer one replaced, expired after 14 days, invalid for an unknown or disabled one', async () => {
    const viewer = await newUser();
    const first = await w.t.app.services.invitations.create({ userId: viewer.id, invitedBy: null, now: w.clock.now() });
    const second = await w.t.app.services.invitations.create({ userId: viewer.id, invitedBy: null, now: w.clock.now() });
    expect((await check(first.token)).json()).toEqual({ state: 'replaced' });
    expect((await check(second.token)).json()).toMatchObject({ state: 'valid' });
    expect((await activate(first.token)).json()).toMatchObject({ statusCode: 400, code: 'INVITATION_INVALID' });
    expect((await check('x'.repeat(43))).json()).toEqual({ state: 'invalid' });

    const disabled = await newUser({ disabledAt: w.clock.now() });
    const hers = await w.t.app.services.invitations.create({ userId: disabled.id, invitedBy: null, now: w.clock.now() });
    expect((await check(hers.token)).json()).toEqual({ state: 'invalid' });
    expect((await activate(hers.token)).statusCode).toBe(400);

    const saved = w.clock.now();
    w.clock.set(new Date(w.clock.now().getTime() + 14 * 86_400_000 + 1000));
    try {
      expect((await check(second.token)).json()).toEqual({ state: 'expired' });
      expect((await activate(second.token)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
    } finally {
      w.clock.set(saved);
    }
    const rows = await w.t.database.db.select().from(users).where(eq(users.id, viewer.id));
    expect(rows[0].passwordHash).toBeNull();
  });

  it('refuses a password against the policy without using the link, and bad tokens as a validation error', async () => {
    const viewer = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: null });
    const weak = await activate(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_ERROR');
    expect((await check(token)).json()).toMatchObject({ state: 'valid' });
    expect((await check('short')).statusCode).toBe(400);
    expect((await check('y'.repeat(201))).statusCode).toBe(400);
  });

  it('refuses hostile payloads with 400 and uses nothing up', async () => {
    const viewer = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: null });
    let deep: unknown = token;
    for (let i = 0; i < 200; i++) deep = { token: deep };
    const payloads = [
      `{"__proto__":{"token":"${token}","password":"${GOOD}"}}`,
      JSON.stringify({ token: `${token}\u0000`, password: GOOD }),
      JSON.stringify({ token, password: `${GOOD}\u0000` }),
      JSON.stringify({ token: 1e308, password: GOOD }),
      JSON.stringify({ token: [token], password: GOOD }),
      JSON.stringify(deep),
    ];
    for (const payload of payloads) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/auth/invitation/activate',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 80)).toBe(400);
    }
    for (const query of [`token=${token}%00`, `token=${token}&token=${token}`, '__proto__[token]=x', `token=${'9'.repeat(400)}`]) {
      expect((await w.t.app.inject({ url: `/api/auth/invitation?${query}` })).statusCode, query).toBe(400);
    }
    expect((await check(token)).json()).toMatchObject({ state: 'valid' });
    const [u] = await w.t.database.db.select().from(users).where(eq(users.id, viewer.id));
    expect(u.passwordHash).toBeNull();
  });

  it('sets the password and records the acceptance in one go, and the console still refuses a Viewer', async () => {
    const viewer = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: w.inviterId });
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/activate',
      payload: { token, password: GOOD },
      headers: { 'user-agent': 'activation-test' },
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(200);
    // No console session: no cookie, no idToken.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).not.toHaveProperty('idToken');

    const [event] = await w.t.database.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'user.invitation_accepted'), eq(events.actorId, viewer.id)));
    expect(event).toMatchObject({
      organizationId: w.orgId,
      actorIp: '10.9.8.7',
      actorUserAgent: 'activation-test',
      data: { access: 'app' },
    });

    // The password is set, and the console admits no Viewer: the refusal comes only after
    // the right password (a wrong one is BAD_CREDENTIALS), as for any sign-in.
    const signIn = (password: string) =>
      w.t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: viewer.email, password } });
    expect((await signIn('Wrong-Passw0rd!')).json()).toMatchObject({ statusCode: 401, code: 'BAD_CREDENTIALS' });
    // Told that the console is for administrators and where their app is, not "not authorized".
    expect((await signIn(GOOD)).json()).toEqual({
      statusCode: 403,
      code: 'APP_ACCOUNT',
      message: 'This console is for administrators. Your account works in the Acme Learn app: sign in there.',
      details: { appUrl: APP, organizationName: 'Initech' },
    });
    const [u] = await w.t.database.db.select().from(users).where(eq(users.id, viewer.id));
    expect(u.passwordHash).not.toBeNull();
  });

  it('an admin who activates may then open the console', async () => {
    const admin = await newUser({ role: 'org_admin' });
    const { token } = await w.t.app.services.invitations.invite({ userId: admin.id, invitedBy: w.inviterId });
    expect((await check(token)).json()).toMatchObject({ state: 'valid', invitation: { access: 'console' } });
    expect((await activate(token)).statusCode).toBe(200);
    const signIn = await w.t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: GOOD } });
    expect(signIn.statusCode).toBe(200);
  });

  it('keeps the link usable once under concurrent activations', async () => {
    const viewer = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: null });
    const answers = await Promise.all([activate(token), activate(token, 'Other-Passw0rd!'), activate(token, 'Third-Passw0rd!')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const accepted = await w.t.database.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'user.invitation_accepted'), eq(events.actorId, viewer.id)));
    expect(accepted).toHaveLength(1);
    const [row] = await w.t.database.db.select().from(userTokens).where(eq(userTokens.userId, viewer.id));
    expect(row.usedAt).not.toBeNull();
    expect(row.replacedAt).toBeNull();
  });

  it("names the organization's own app address, set by staff, in the e-mail, the check, activation and a console sign-in", async () => {
    const own = 'https://learn.initech.example/start';
    const staff = await signInStaff(w.t, { roles: ['read', 'update'] });
    const put = (platformAppUrl: string | null) =>
      w.t.app.inject({ method: 'PUT', url: `/api/organization/${w.orgId}`, headers: staff.headers, payload: { platformAppUrl } });
    expect((await put(own)).json().organization).toMatchObject({ platformAppUrl: own });
    try {
      const viewer = await newUser();
      await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: w.inviterId });
      const mail = lastMailTo(viewer.email!);
      expect(mail.text).toContain(`entre no app do Acme Learn em ${own}`);
      expect(mail.text).not.toContain(APP);
      const token = tokenOf(mail.text);
      expect((await check(token)).json()).toMatchObject({ invitation: { appUrl: own } });
      expect((await activate(token)).json()).toEqual({ activated: true, email: viewer.email, appUrl: own });
      const signIn = await w.t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: viewer.email, password: GOOD } });
      expect(signIn.json()).toMatchObject({ code: 'APP_ACCOUNT', details: { appUrl: own } });
    } finally {
      // Cleared, the installation's address applies again.
      expect((await put(null)).json().organization).toMatchObject({ platformAppUrl: null });
    }
    const viewer = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: w.inviterId });
    expect((await check(token)).json()).toMatchObject({ invitation: { appUrl: APP } });
  });

  it('answers the organization language when it is changed later, as the e-mail is written at sending', async () => {
    await w.t.database.db.update(organizations).set({ locale: 'fr' }).where(eq(organizations.id, w.orgId));
    try {
      const viewer = await newUser({ locale: null });
      await w.t.app.services.invitations.invite({ userId: viewer.id, invitedBy: w.inviterId });
      expect(lastMailTo(viewer.email!).subject).toBe('Activez votre compte Acme Learn');
    } finally {
      await w.t.database.db.update(organizations).set({ locale: 'pt' }).where(eq(organizations.id, w.orgId));
    }
  });
});

describe('the invitation routes share the sign-in budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { SIGN_IN_RATE_LIMIT_MAX: '3', SIGN_IN_RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => t.close());

  it('answers 429 to one source past the budget, across check and activate, while another source goes on', async () => {
    const from = (ip: string, i: number) =>
      i % 2 === 0
        ? t.app.inject({ url: `/api/auth/invitation?token=${'g'.repeat(43)}`, remoteAddress: ip })
        : t.app.inject({
            method: 'POST',
            url: '/api/auth/invitation/activate',
            remoteAddress: ip,
            payload: { token: 'g'.repeat(43), password: GOOD },
          });
    expect((await from('10.1.1.1', 0)).statusCode).toBe(200);
    expect((await from('10.1.1.1', 1)).statusCode).toBe(400);
    expect((await from('10.1.1.1', 2)).statusCode).toBe(200);
    const limited = await from('10.1.1.1', 3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await from('10.1.1.1', 0)).statusCode).toBe(429);
    expect((await from('10.1.1.2', 0)).statusCode).toBe(200);
  });
});
