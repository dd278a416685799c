import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, userTokens } from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { MAIL_BRANDING } from '../../test/mail-test-app.js';
import { signIn } from '../../test/sign-in.js';
import { invitingOrganization } from './auth.invitations.fixtures.js';

const GOOD = 'New-Passw0rd!';

describe('invitations', () => {
  const w = invitingOrganization({
    app: { rejectRecipients: ['bounce@example.com'], config: MAIL_BRANDING },
    organization: { name: 'Globex', locale: 'es' },
    inviter: { displayName: 'Iris Inviter' },
  });

  const accept = (token: string, password: string) =>
    w.t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password } });
  const newUser = (values: Partial<typeof users.$inferInsert> = {}) =>
    createUser(w.t.database.db, w.orgId, { passwordHash: null, displayName: 'Nina New', ...values });

  it('e-mails a link in the user language (else the organization one) and stores only a hash of the token', async () => {
    const es = await newUser();
    const fr = await newUser({ locale: 'fr' });
    const invitation = await w.t.app.services.invitations.invite({ userId: es.id, invitedBy: w.inviterId });
    await w.t.app.services.invitations.invite({ userId: fr.id, invitedBy: null });

    const [mailEs, mailFr] = w.t.smtp.messages.slice(-2);
    expect(mailEs.to).toEqual([es.email]);
    expect(mailEs.subject).toBe('Te han invitado a Globex en Acme Learn');
    expect(mailEs.text).toContain('Iris Inviter te ha invitado');
    expect(mailEs.text).toContain(`https://console.example.com/es/auth/invitation/accept?token=${invitation.token}`);
    expect(mailEs.text).toContain('14 días');
    expect(mailFr.subject).toBe('Vous êtes invité·e à rejoindre Globex sur Acme Learn');
    expect(mailFr.text).toMatch(/https:\/\/console\.example\.com\/fr\/auth\/invitation\/accept\?token=/);

    const [row] = await w.t.database.db.select().from(userTokens).where(eq(userTokens.id, invitation.id));
    expect(row).toMatchObject({ kind: 'invitation', userId: es.id, usedAt: null, sendError: null });
    expect(row.sentAt?.toISOString()).toBe(w.clock.now().toISOString());
    expect(row.expiresAt.getTime() - w.clock.now().getTime()).toBe(14 * 86_400_000);
    expect(row.tokenHash).not.toContain(invitation.token);
    const [u] = await w.t.database.db.select().from(users).where(eq(users.id, es.id));
    expect(u).toMatchObject({ invitedBy: w.inviterId });
    expect(u.invitedAt?.toISOString()).toBe(w.clock.now().toISOString());
  });

  it('accepts once with a password that meets the policy, then the person signs in with it', async () => {
    const user = await newUser();
    const { token } = await w.t.app.services.invitations.invite({ userId: user.id, invitedBy: w.inviterId });

    // A password people choose is a passphrase: only its length is asked (decision 068).
    for (const weak of ['Short-1!', 'nine char', 'x'.repeat(129)]) {
      const res = await accept(token, weak);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // A refused password used up nothing.
    const ok = await accept(token, GOOD);
    expect(ok.statusCode).toBe(200);
    const claims = await w.t.deps.idTokens.verify(ok.json().idToken);
    expect(claims).toMatchObject({ sub: user.id, signInProvider: 'password' });

    const again = await accept(token, GOOD);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    await expect(signIn(w.t, user.email!, GOOD)).resolves.toMatchObject({ user: { uid: user.id } });
  });

  it('refuses an expired invitation, an unknown token, and one replaced by a newer invitation', async () => {
    const user = await newUser();
    const first = await w.t.app.services.invitations.create({ userId: user.id, invitedBy: null, now: w.clock.now() });
    const second = await w.t.app.services.invitations.create({ userId: user.id, invitedBy: null, now: w.clock.now() });
    expect((await accept(first.token, GOOD)).json().code).toBe('INVALID_TOKEN');
    expect((await accept('x'.repeat(43), GOOD)).json().code).toBe('INVALID_TOKEN');

    w.clock.set(new Date(w.clock.now().getTime() + 14 * 86_400_000 + 1000));
    const late = await accept(second.token, GOOD);
    expect(late.json()).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
    const [u] = await w.t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u.passwordHash).toBeNull();
  });

  it('records a delivery failure on the invitation and reports it to the caller', async () => {
    const user = await newUser({ email: 'bounce@example.com' });
    const invitation = await w.t.app.services.invitations.create({ userId: user.id, invitedBy: w.inviterId, now: w.clock.now() });
    await expect(
      w.t.app.services.invitations.send({ userId: user.id, invitationId: invitation.id, token: invitation.token }),
    ).rejects.toThrow();
    const [row] = await w.t.database.db.select().from(userTokens).where(eq(userTokens.id, invitation.id));
    expect(row.sentAt).toBeNull();
    expect(row.sendError).toMatch(/550|mailbox/);
  });
});
