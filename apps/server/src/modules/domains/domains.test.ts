/**
 * Verified domains through the console's calls, the Super area's and the external API: a claim
 * normalized and refused when it is no domain, a public mail service's or the staff domain's;
 * the TXT record found, missing, wrong or unanswered (a fake resolver); one organization per
 * verified domain, a race included; staff verifying by hand; removal; the recheck job; the
 * look-ups single sign-on routes by; and each change an event.
 */
import { DOMAINS_PER_ORGANIZATION_MAX, type DomainView, domainErrorCodes } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock.js';
import { fakeDnsTxt } from '../../test/dns.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { idTokenFor, type SignedIn, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const DAY = 86_400_000;

describe('verified domains', () => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let editor: SignedInStaff;
  let reader: SignedInStaff;
  let orgId: string;
  let otherOrgId: string;
  let adminEmail: string;
  const dns = fakeDnsTxt();
  const clock = testClock('2026-11-20T09:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({ clock, dnsTxt: dns });
    const org = await createOrganization(t.database.db);
    const other = await createOrganization(t.database.db);
    orgId = org.id;
    otherOrgId = other.id;
    adminEmail = (await createUser(t.database.db, org.id, { displayName: 'Ada Admin' })).email!;
    admin = await signIn(t, adminEmail);
    otherAdmin = await signIn(t, (await createUser(t.database.db, other.id)).email!);
    editor = await signInStaff(t, { roles: ['read', 'update'] });
    reader = await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload && { payload }) });
  const claim = async (domain: string, who = admin) => {
    const res = await call(who, 'POST', '/domains', { domain });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().domain as DomainView;
  };
  const publish = (view: DomainView) => dns.set(view.recordName, [view.recordValue]);
  const verify = (id: string, who = admin) => call(who, 'POST', `/domain/${id}/verify`);
  const remove = (id: string, who = admin) => call(who, 'DELETE', `/domain/${id}`);

  it('claims a domain in its one stored form, with the TXT record to publish, and records it', async () => {
    const view = await claim('  ACME-Corp.Example. ');
    expect(view).toMatchObject({
      domain: 'acme-corp.example',
      status: 'pending',
      recordName: '_workframe-verification.acme-corp.example',
      createdAt: '2026-11-20T09:00:00.000Z',
      verifiedAt: null,
      verifiedBy: null,
      lastCheckedAt: null,
      lastCheckError: null,
    });
    expect(view.recordValue).toMatch(/^workframe-verification=[A-Za-z0-9_-]{43}$/);
    expect((await call(admin, 'GET', '/domains')).json().domains).toEqual([view]);
    // Unicode is kept as punycode, the form DNS and mail compare.
    expect((await claim('bücher.example')).domain).toBe('xn--bcher-kva.example');

    const [event] = await eventsOf(t.database.db, { action: 'domain.claimed', targetId: view.id });
    expect(event).toMatchObject({ organizationId: orgId, targets: [{ type: 'domain', name: 'acme-corp.example' }] });
    expect(event.actor).toMatchObject({ type: 'user', name: 'Ada Admin' });

    const again = await call(admin, 'POST', '/domains', { domain: 'acme-corp.EXAMPLE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(domainErrorCodes.exists);
  });

  it.each([
    ['localhost', 'invalid'],
    ['acme', 'invalid'],
    ['10.0.0.1', 'invalid'],
    ['[::1]', 'invalid'],
    ['acme.123', 'invalid'],
    ['-acme.example', 'invalid'],
    ['acme_corp.example', 'invalid'],
    ['acme.example/path', 'invalid'],
    ['ana@acme.example', 'invalid'],
    ['acme\tcorp.example', 'invalid'],
    ['acme\u200b.example', 'invalid'],
    [`${'a'.repeat(64)}.example`, 'invalid'],
    [`${'abcdefghi.'.repeat(25)}example`, 'invalid'],
    ['gmail.com', 'public'],
    ['GMail.com.', 'public'],
    ['outlook.com', 'public'],
    ['hotmail.co.uk', 'public'],
    ['yahoo.com.br', 'public'],
    ['yahoo.fr', 'public'],
    ['gmx.de', 'public'],
    ['yandex.ru', 'public'],
    ['proton.me', 'public'],
    ['eu.gmail.com', 'public'],
    ['qq.com', 'public'],
    ['workframe.io', 'staff'],
    ['EU.Workframe.IO.', 'staff'],
  ])('refuses %s (%s), leaving the claims as they were', async (domain, reason) => {
    const before = (await call(admin, 'GET', '/domains')).body;
    const res = await call(admin, 'POST', '/domains', { domain });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: domainErrorCodes.invalid, details: { reason } });
    expect((await call(admin, 'GET', '/domains')).body).toBe(before);
  });

  it('takes a domain that only looks like a public service', async () => {
    for (const domain of ['acmegmail.com', 'gmail.com.acme.example', 'outlook.acme.example'])
      expect((await claim(domain)).domain).toBe(domain);
  });

  it('explains a failed look in words an admin acts on, and verifies once the record holds the value', async () => {
    const view = await claim('initech.example');
    clock.advance(60_000);
    const missing = await verify(view.id);
    expect(missing.statusCode).toBe(200);
    expect(missing.json().domain).toMatchObject({
      status: 'pending',
      lastCheckError: 'no_record',
      lastCheckedAt: '2026-11-20T09:01:00.000Z',
    });

    dns.set(view.recordName, ['v=spf1 -all'], ['workframe-verification=not-the-token']);
    expect((await verify(view.id)).json().domain.lastCheckError).toBe('wrong_value');
    dns.fail(view.recordName);
    expect((await verify(view.id)).json().domain.lastCheckError).toBe('dns_error');
    const failures = await eventsOf(t.database.db, { action: 'domain.verification_failed', targetId: view.id });
    expect(failures.map((e) => e.data.error)).toEqual(['no_record', 'wrong_value', 'dns_error']);
    expect(failures[0].data.recordName).toBe('_workframe-verification.initech.example');

    // A long record arrives in chunks; other records may sit beside it.
    const half = view.recordValue.length / 2;
    dns.set(view.recordName, ['google-site-verification=x'], [view.recordValue.slice(0, half), view.recordValue.slice(half)]);
    const ok = (await verify(view.id)).json().domain;
    expect(ok).toMatchObject({ status: 'verified', verifiedBy: 'dns', lastCheckError: null, verifiedAt: '2026-11-20T09:01:00.000Z' });
    const [event] = await eventsOf(t.database.db, { action: 'domain.verified', targetId: view.id });
    expect(event).toMatchObject({ data: { verifiedBy: 'dns' }, actor: { type: 'user' } });
    // Verifying again changes nothing and records nothing.
    expect((await verify(view.id)).json().domain).toEqual(ok);
    expect(await eventsOf(t.database.db, { action: 'domain.verified', targetId: view.id })).toHaveLength(1);

    expect(await t.app.services.domains.organizationForVerifiedDomain('INITECH.example.')).toBe(orgId);
    expect(await t.app.services.domains.organizationForVerifiedDomain('acme-corp.example')).toBeNull();
    expect(await t.app.services.domains.organizationForVerifiedDomain('not a domain')).toBeNull();
    expect(await t.app.services.domains.verifiedDomains(orgId)).toEqual(['initech.example']);
    expect(await t.app.services.domains.verifiedDomains(otherOrgId)).toEqual([]);
  });

  it('lets several organizations claim a domain but verifies it for one: the other gets DOMAIN_TAKEN', async () => {
    const mine = await claim('globex.example');
    const theirs = await claim('globex.example', otherAdmin);
    publish(mine);
    expect((await verify(mine.id)).json().domain.status).toBe('verified');
    publish(theirs);
    const refused = await verify(theirs.id, otherAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(domainErrorCodes.taken);
    // A refused call changes nothing; the job's look shows the claim taken.
    const [before] = (await call(otherAdmin, 'GET', '/domains')).json().domains;
    expect(before).toMatchObject({ status: 'pending', lastCheckedAt: null });
    await t.app.services.domains.recheckPending();
    const [theirView] = (await call(otherAdmin, 'GET', '/domains')).json().domains;
    expect(theirView).toMatchObject({ status: 'pending', lastCheckError: 'taken' });
    expect(await t.app.services.domains.organizationForVerifiedDomain('globex.example')).toBe(orgId);

    // Once the first organization removes it, the second may verify it.
    expect((await remove(mine.id)).statusCode).toBe(200);
    expect((await verify(theirs.id, otherAdmin)).json().domain.status).toBe('verified');
    expect(await t.app.services.domains.organizationForVerifiedDomain('globex.example')).toBe(otherOrgId);
  });

  it('verifies a domain for one organization when two verify it at the same moment', async () => {
    const mine = await claim('umbrella.example');
    const theirs = await claim('umbrella.example', otherAdmin);
    // One name holds both organizations' records, as a shared DNS zone may.
    dns.set(mine.recordName, [mine.recordValue], [theirs.recordValue]);
    const answers = await Promise.all([verify(mine.id), verify(theirs.id, otherAdmin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe(domainErrorCodes.taken);
    const winner = answers[0].statusCode === 200 ? orgId : otherOrgId;
    expect(await t.app.services.domains.organizationForVerifiedDomain('umbrella.example')).toBe(winner);
    expect(
      await eventsOf(t.database.db, { action: 'domain.verified', targetId: answers[0].statusCode === 200 ? mine.id : theirs.id }),
    ).toHaveLength(1);
  });

  it('keeps each organization to its own domains', async () => {
    const view = await claim('hooli.example');
    expect((await call(otherAdmin, 'GET', '/domains')).body).not.toContain(view.id);
    for (const res of [await verify(view.id, otherAdmin), await remove(view.id, otherAdmin)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(domainErrorCodes.notFound);
    }
    // Staff (not Organizational Admins) do not reach the admin's calls; roles below are not admitted at all (the matrix).
    for (const who of [reader]) {
      expect((await call(who, 'GET', '/domains')).statusCode).toBe(403);
      expect((await verify(view.id, who)).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', '/domains')).json().domains.map((d: DomainView) => d.id)).toContain(view.id);
  });

  it('lets staff read an organization’s domains and verify one by hand, as their event', async () => {
    const view = await claim('stark.example');
    const read = await call(reader, 'GET', `/organization/${orgId}/domains`);
    expect(read.statusCode).toBe(200);
    expect(read.json().domains.map((d: DomainView) => d.domain)).toContain('stark.example');

    const byReader = await call(reader, 'POST', `/organization/${orgId}/domains/${view.id}/verify`);
    expect(byReader.statusCode).toBe(403);
    expect((await call(admin, 'POST', `/organization/${orgId}/domains/${view.id}/verify`)).statusCode).toBe(403);
    // Another organization's domain id under this organization is not found.
    expect((await call(editor, 'POST', `/organization/${otherOrgId}/domains/${view.id}/verify`)).statusCode).toBe(404);

    const byHand = await call(editor, 'POST', `/organization/${orgId}/domains/${view.id}/verify`);
    expect(byHand.statusCode).toBe(200);
    expect(byHand.json().domain).toMatchObject({ status: 'verified', verifiedBy: 'staff' });
    const [event] = await eventsOf(t.database.db, { action: 'domain.verified', targetId: view.id });
    expect(event).toMatchObject({ organizationId: orgId, actor: { type: 'staff' }, data: { verifiedBy: 'staff' } });

    // Staff cannot verify for a second organization what one verified.
    const theirs = await claim('stark.example', otherAdmin);
    const refused = await call(editor, 'POST', `/organization/${otherOrgId}/domains/${theirs.id}/verify`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(domainErrorCodes.taken);
  });

  it('removes a claim with its event, and a verified domain stops routing', async () => {
    const view = await claim('wayne.example');
    publish(view);
    await verify(view.id);
    const res = await remove(view.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().removedDomain).toMatchObject({ id: view.id, status: 'verified' });
    expect(await t.app.services.domains.organizationForVerifiedDomain('wayne.example')).toBeNull();
    const [event] = await eventsOf(t.database.db, { action: 'domain.removed', targetId: view.id });
    expect(event.data).toEqual({ wasVerified: true });
    expect((await remove(view.id)).statusCode).toBe(404);
  });

  it('looks again for pending claims of the last 7 days, verifies those found as the system, records no failure', async () => {
    const old = await claim('tyrell.example');
    clock.advance(8 * DAY);
    admin = await signIn(t, adminEmail);
    const found = await claim('cyberdyne.example');
    const missing = await claim('soylent.example');
    publish(old);
    publish(found);
    dns.asked.length = 0;
    const failuresBefore = (await eventsOf(t.database.db, { action: 'domain.verification_failed' })).length;

    const report = await t.app.services.domains.recheckPending();
    expect(report.verified).toBeGreaterThanOrEqual(1);
    expect(dns.asked).toContain('_workframe-verification.cyberdyne.example');
    expect(dns.asked).toContain('_workframe-verification.soylent.example');
    // Claims older than 7 days wait for Verify now.
    expect(dns.asked).not.toContain('_workframe-verification.tyrell.example');

    const views = new Map((await call(admin, 'GET', '/domains')).json().domains.map((d: DomainView) => [d.domain, d]));
    expect(views.get('cyberdyne.example')).toMatchObject({ status: 'verified', verifiedBy: 'dns' });
    expect(views.get('soylent.example')).toMatchObject({ status: 'pending', lastCheckError: 'no_record' });
    expect(views.get('tyrell.example')).toMatchObject({ status: 'pending', lastCheckedAt: null });
    const [event] = await eventsOf(t.database.db, { action: 'domain.verified', targetId: found.id });
    expect(event.actor).toMatchObject({ type: 'system' });
    expect(await eventsOf(t.database.db, { action: 'domain.verification_failed' })).toHaveLength(failuresBefore);
    expect(missing.id).toBeTruthy();
  });

  it('offers the same calls through the external API, as the access key', async () => {
    const key = await call(admin, 'POST', '/integrations', { name: 'Domains', description: '' });
    const headers = { apikey: key.json().accessKey, authorization: `Bearer ${await idTokenFor(t, adminEmail)}` };
    const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
    const created = await api('POST', '/domains', { domain: 'Massive.Example' });
    expect(created.statusCode).toBe(201);
    const { domain } = created.json();
    expect(domain.domain).toBe('massive.example');
    expect((await api('GET', '/domains')).json().domains.map((d: DomainView) => d.id)).toContain(domain.id);
    expect((await api('POST', `/domains/${domain.id}/verify`)).json().domain.lastCheckError).toBe('no_record');
    publish(domain);
    expect((await api('POST', `/domains/${domain.id}/verify`)).json().domain.status).toBe('verified');
    expect((await api('POST', '/domains', { domain: 'hotmail.com' })).json()).toMatchObject({
      code: domainErrorCodes.invalid,
      details: { reason: 'public' },
    });
    const [event] = await eventsOf(t.database.db, { action: 'domain.claimed', targetId: domain.id });
    expect(event.actor).toMatchObject({ type: 'access_key', id: key.json().integration.id });
    expect((await api('DELETE', `/domains/${domain.id}`)).statusCode).toBe(200);
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/domains', '/api/v1/domains/{id}', '/api/v1/domains/{id}/verify']),
    );
  });

  it(`holds at most ${DOMAINS_PER_ORGANIZATION_MAX} claims per organization`, async () => {
    const org = await createOrganization(t.database.db);
    const busy = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    for (let i = 0; i < DOMAINS_PER_ORGANIZATION_MAX; i++) await claim(`d${i}.limit.example`, busy);
    const res = await call(busy, 'POST', '/domains', { domain: 'one-more.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: domainErrorCodes.limitReached, details: { max: DOMAINS_PER_ORGANIZATION_MAX } });
  });
});
