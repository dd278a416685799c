/**
 * Passwords people choose for themselves are passphrases (decision 068): an invitation's
 * (into the console, or to activate an account of the platform's app) and a reset's take 64
 * characters with spaces and nothing else asked; the spec's 10-25 rule with its classes of
 * characters stays on the first admin that staff create with an organization.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createMailTestApp, MAIL_BRANDING, type MailTestApp } from '../../test/mail-test-app.js';
import { signInStaff } from '../../test/sign-in.js';
import { until } from '../../test/until.js';
import { verifyPassword } from './password.js';

const PASSPHRASE = 'correct horse battery staple on a quiet morning by the old mill!';

describe('passphrases', () => {
  const clock = testClock('2026-12-03T09:00:00Z');
  let t: MailTestApp;
  let orgId: string;

  beforeAll(async () => {
    t = await createMailTestApp({ clock, config: { ...MAIL_BRANDING, SIGN_IN_RATE_LIMIT_MAX: '10000' } });
    orgId = (await createOrganization(t.database.db, { name: 'Hooli' })).id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
  const signInWith = (email: string, password: string) => post('/api/auth/sign-in', { email, password });
  const hashOf = async (id: string) =>
    (await t.database.db.select({ h: schema.users.passwordHash }).from(schema.users).where(eq(schema.users.id, id)))[0].h;

  it('is 64 characters with spaces, no digit, capital or sign', () => {
    expect(PASSPHRASE).toHaveLength(64);
    expect(PASSPHRASE).toMatch(/ /);
    expect(PASSPHRASE).not.toMatch(/[0-9A-Z]/);
  });

  it('an invitation into the console takes a passphrase, and the person signs in with it', async () => {
    const admin = await createUser(t.database.db, orgId, { role: 'org_admin', passwordHash: null });
    const { token } = await t.app.services.invitations.invite({ userId: admin.id, invitedBy: null });
    const accepted = await post('/api/auth/invitation/accept', { token, password: PASSPHRASE });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await signInWith(admin.email!, PASSPHRASE)).statusCode).toBe(200);
    // One space fewer is another password.
    expect((await signInWith(admin.email!, PASSPHRASE.replace(' ', ''))).json().code).toBe('BAD_CREDENTIALS');
  });

  it("an activation of the platform app's account takes a passphrase; one over 128 characters or under 10 is refused and uses nothing up", async () => {
    const viewer = await createUser(t.database.db, orgId, { role: 'viewer', passwordHash: null });
    const { token } = await t.app.services.invitations.invite({ userId: viewer.id, invitedBy: null });
    for (const password of ['x'.repeat(129), 'too short']) {
      const refused = await post('/api/auth/invitation/activate', { token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await hashOf(viewer.id)).toBeNull();
    const activated = await post('/api/auth/invitation/activate', { token, password: PASSPHRASE });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await verifyPassword(PASSPHRASE, await hashOf(viewer.id))).toBe(true);
  });

  it('a password reset takes a passphrase, and the person signs in with it', async () => {
    const person = await createUser(t.database.db, orgId, { role: 'org_admin', locale: 'en' });
    await post('/api/auth/password-reset/request', { email: person.email });
    const token = await until('the reset e-mail', async () => {
      const mail = t.smtp.messages.filter((m) => m.to.includes(person.email!)).at(-1);
      return mail && /\/auth\/password\/reset\?token=([\w-]+)/.exec(mail.text)?.[1];
    });
    const reset = await post('/api/auth/password-reset', { token, password: PASSPHRASE });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signInWith(person.email!, PASSPHRASE)).statusCode).toBe(200);
  });

  it("keeps the spec's rule for the first admin staff create with an organization: a passphrase is refused, 10-25 with every class taken", async () => {
    await t.database.db.insert(schema.planTypes).values({ name: 'Team' });
    await createOrganization(t.database.db, { name: 'Workframe Staff', isStaff: true });
    const editor = await signInStaff(t, { roles: ['read', 'update'] });
    const create = (name: string, email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/organization',
        headers: editor.headers,
        payload: { name, adminName: 'First Admin', email, password, planType: 'Team' },
      });
    for (const password of [PASSPHRASE, 'no digits or signs here', 'Abcd efgh1!', 'Abcdefgh1!Abcdefgh1!Abcdefgh1!']) {
      const refused = await create('Refused Co', 'first@refused.example', password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
    const made = await create('Pied Piper', 'richard@piedpiper.example', 'Str0ng-Pass!');
    expect(made.statusCode, made.body).toBeLessThan(300);
  });
});
