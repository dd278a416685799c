/**
 * Where a person stands on the People screen (decision 068): the workspaces, teams and skills
 * an import gave them; their invitation's state as the console holds it (not sent, queued,
 * sent, expired, accepted), and "Resend invitation": allowed while no password was set and
 * none is queued, one event, the e-mail through identity's invitations, the earlier link
 * replaced; refused with 409 and its reason otherwise, nothing changed. The list calls a
 * person invited, not active, while an import's invitation of theirs is queued and until
 * they set a password or sign in.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createMailTestApp, MAIL_BRANDING, type MailTestApp } from '../../test/mail-test-app.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { until } from '../../test/until.js';
import { importCsv } from '../user-imports/user-imports.fixtures.js';

const PASSPHRASE = 'a long walk along the river on a sunday';

describe('where a person stands: belongings, invitation, status', () => {
  const clock = testClock('2026-12-03T09:00:00Z');
  let t: MailTestApp;
  let orgId: string;
  let admin: SignedIn;
  let adminId: string;
  let otherOrgPerson: string;

  beforeAll(async () => {
    t = await createMailTestApp({ clock, config: { ...MAIL_BRANDING, SIGN_IN_RATE_LIMIT_MAX: '10000' } });
    const { db } = t.database;
    orgId = (await createOrganization(db, { name: 'Initrode' })).id;
    const me = await createUser(db, orgId, { displayName: 'Ada Admin', role: 'org_admin' });
    adminId = me.id;
    admin = await signIn(t, me.email!);
    await db.insert(schema.workspaces).values([
      { organizationId: orgId, name: 'Assembly' },
      { organizationId: orgId, name: 'Packing' },
    ]);
    await db.insert(schema.teams).values({ organizationId: orgId, name: 'Night shift' });
    await db.insert(schema.skills).values([
      { organizationId: orgId, name: 'Forklift' },
      { organizationId: orgId, name: 'Welding' },
    ]);
    const other = await createOrganization(db, { name: 'Elsewhere' });
    otherOrgPerson = (await createUser(db, other.id, { passwordHash: null })).id;
  });
  afterAll(() => t.close());

  const person = async (id: string) => {
    const res = await t.app.inject({ url: `/api/person/${id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().person;
  };
  const resend = (id: string, headers = admin.headers) => t.app.inject({ method: 'POST', url: `/api/person/${id}/invitation`, headers });
  const statusOf = async (id: string) => {
    const { people } = (await t.app.inject({ url: '/api/people?limit=100', headers: admin.headers })).json() as {
      people: { id: string; status: string }[];
    };
    return people.find((p) => p.id === id)?.status;
  };
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0].id;
  const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));
  const tokenIn = (text: string) => decodeURIComponent(/token=([^\s&]+)/.exec(text)![1]);
  const linkState = async (token: string) =>
    (await t.app.inject({ url: `/api/auth/invitation?token=${encodeURIComponent(token)}` })).json().state;

  it('shows what an import assigned, and a queued invitation as queued: the list says invited, not active', async () => {
    await importCsv(
      t,
      admin.headers,
      'email,name,workspaces,teams,skills\nquinn@initrode.example,Quinn Queued,Packing|Assembly,Night shift,Welding|Forklift\n',
    );
    const id = await idOf('quinn@initrode.example');
    const quinn = await person(id);
    expect(quinn.workspaces.map((w: { name: string }) => w.name)).toEqual(['Assembly', 'Packing']);
    expect(quinn.groups.map((g: { name: string }) => g.name)).toEqual(['Night shift']);
    expect(quinn.skills.map((s: { name: string }) => s.name)).toEqual(['Forklift', 'Welding']);
    expect([quinn.moreWorkspaces, quinn.moreGroups, quinn.moreSkills]).toEqual([0, 0, 0]);
    expect(quinn.invitation).toMatchObject({ state: 'queued', canResend: false, refusal: 'queued', sentAt: null });
    expect(quinn.status).toBe('invited');
    expect(await statusOf(id)).toBe('invited');
    expect((await t.app.inject({ url: '/api/people?status=invited&limit=100', headers: admin.headers })).json().people).toContainEqual(
      expect.objectContaining({ id }),
    );

    const refused = await resend(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PERSON_INVITATION_NOT_RESENDABLE', details: { reason: 'queued' } });
    expect(mailsTo('quinn@initrode.example')).toHaveLength(0);
  });

  it('an import without invitations leaves the person not sent, and active as before; the admin sends one', async () => {
    await importCsv(t, admin.headers, 'email,name\nnina@initrode.example,Nina Nosend\n', { sendInvitations: 'false' });
    const id = await idOf('nina@initrode.example');
    expect((await person(id)).invitation).toMatchObject({ state: 'not_sent', canResend: true, refusal: null });
    expect(await statusOf(id)).toBe('active');

    const sent = await resend(id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ invitationEmail: 'sent', invitation: { state: 'sent', canResend: true } });
    const mail = await until('the invitation e-mail', async () => mailsTo('nina@initrode.example').at(-1));
    expect(await linkState(tokenIn(mail.text))).toBe('valid');
    expect(await statusOf(id)).toBe('invited');
    const trail = await eventsOf(t.database.db, { action: 'user.invitation_sent', targetId: id });
    expect(trail.map((e) => [e.actor.id, e.data])).toEqual([[adminId, { previousState: 'not_sent' }]]);
  });

  it('sent, then expired after 14 days; a resend replaces the old link, which stops working', async () => {
    const vera = await createUser(t.database.db, orgId, { displayName: 'Vera Viewer', role: 'viewer', passwordHash: null });
    await t.app.services.invitations.invite({ userId: vera.id, invitedBy: adminId });
    const first = tokenIn(mailsTo(vera.email!).at(-1)!.text);
    const sent = (await person(vera.id)).invitation;
    expect(sent).toMatchObject({ state: 'sent', canResend: true, acceptedAt: null, sendFailed: false });
    expect(sent.sentAt).toBe(clock.now().toISOString());
    expect(new Date(sent.expiresAt).getTime() - clock.now().getTime()).toBe(14 * 86_400_000);
    expect(await statusOf(vera.id)).toBe('invited');

    clock.set(new Date(clock.now().getTime() + 14 * 86_400_000 + 1000));
    // The admin's session ended with the days that passed.
    admin = await signIn(t, admin.user.email!);
    expect((await person(vera.id)).invitation).toMatchObject({ state: 'expired', canResend: true });
    expect(await statusOf(vera.id)).toBe('invited');

    const again = await resend(vera.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().invitation.state).toBe('sent');
    const second = await until('the new e-mail', async () => (mailsTo(vera.email!).length === 2 ? mailsTo(vera.email!)[1] : undefined));
    expect(await linkState(first)).toBe('replaced');
    expect(await linkState(tokenIn(second.text))).toBe('valid');
    expect((await eventsOf(t.database.db, { action: 'user.invitation_sent', targetId: vera.id })).map((e) => e.data)).toEqual([
      { previousState: 'expired' },
    ]);
  });

  it('accepted once the person activates their app account: active in the list though they never sign in here, and no resend', async () => {
    const paul = await createUser(t.database.db, orgId, { displayName: 'Paul Publisher', role: 'publisher', passwordHash: null });
    const { token } = await t.app.services.invitations.invite({ userId: paul.id, invitedBy: adminId });
    expect(await statusOf(paul.id)).toBe('invited');
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/activate',
      payload: { token, password: PASSPHRASE },
    });
    expect(activated.statusCode, activated.body).toBe(200);

    const after = await person(paul.id);
    expect(after.invitation).toMatchObject({
      state: 'accepted',
      acceptedAt: clock.now().toISOString(),
      canResend: false,
      refusal: 'accepted',
    });
    expect(after.lastLoginAt).toBeNull();
    expect(await statusOf(paul.id)).toBe('active');

    const mails = mailsTo(paul.email!).length;
    const refused = await resend(paul.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PERSON_INVITATION_NOT_RESENDABLE', details: { reason: 'accepted' } });
    expect(mailsTo(paul.email!)).toHaveLength(mails);
    expect(await eventsOf(t.database.db, { action: 'user.invitation_sent', targetId: paul.id })).toEqual([]);
  });

  it('refuses a deactivated person and one without an e-mail, changing nothing; another organization’s person is not found', async () => {
    const { db } = t.database;
    const gone = await createUser(db, orgId, { passwordHash: null, disabledAt: clock.now() });
    const noMail = await createUser(db, orgId, { passwordHash: null, email: null, employeeId: 'E-42' });
    for (const [id, reason] of [
      [gone.id, 'deactivated'],
      [noMail.id, 'no_email'],
    ] as const) {
      expect((await person(id)).invitation).toMatchObject({ canResend: false, refusal: reason });
      const refused = await resend(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toEqual({ reason });
      const tokens = await db
        .select()
        .from(schema.userTokens)
        .where(and(eq(schema.userTokens.userId, id), eq(schema.userTokens.kind, 'invitation')));
      expect(tokens).toEqual([]);
    }
    const elsewhere = await resend(otherOrgPerson);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('PERSON_NOT_FOUND');
    expect(await eventsOf(db, { action: 'user.invitation_sent', targetId: otherOrgPerson })).toEqual([]);
  });

  it('the external API sends an invitation again as the page does, with an access key and an admin’s idToken', async () => {
    const { accessKey } = await createAccessKey(t, admin.headers);
    const apiHeaders = { apiKey: accessKey, authorization: `Bearer ${await idTokenFor(t, admin.user.email!)}` };
    const wes = await createUser(t.database.db, orgId, { displayName: 'Wes Worker', role: 'viewer', passwordHash: null });
    const sent = await t.app.inject({ method: 'POST', url: `/api/v1/users/${wes.id}/invitation`, headers: apiHeaders });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ invitationEmail: 'sent', invitation: { state: 'sent' } });
    await until('the invitation e-mail', async () => mailsTo(wes.email!).at(-1));
    const [event] = await eventsOf(t.database.db, { action: 'user.invitation_sent', targetId: wes.id });
    expect(event.actor.type).toBe('access_key');
    const elsewhere = await t.app.inject({ method: 'POST', url: `/api/v1/users/${otherOrgPerson}/invitation`, headers: apiHeaders });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('leaves out profile fields nobody sent: null, never a placeholder', async () => {
    const bare = await createUser(t.database.db, orgId, { displayName: 'Bea Bare', passwordHash: null });
    const view = await person(bare.id);
    for (const field of ['title', 'phone', 'department', 'costCenter', 'division', 'organization', 'workEmail', 'userName', 'manager']) {
      expect(view[field], field).toBeNull();
    }
    expect([view.workspaces, view.groups, view.skills]).toEqual([[], [], []]);
  });
});
