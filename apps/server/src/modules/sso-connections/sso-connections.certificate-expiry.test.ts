/**
 * A trusted SAML certificate about to expire is told in time, by the daily job run through the
 * queue: at 30 days and again at 7, each once, an `sso_connection.certificate_expiring` event
 * (carried by webhooks) and an e-mail to each of the organization's admins, in their language,
 * through a real SMTP peer. Nothing for a certificate far from its end, a disabled connection
 * or a disabled organization. The certificates are real, made with the chosen end dates.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlCertificateNotices, ssoConnections, webhookDeliveries } from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser, createWebhookEndpoint } from '../../test/factories.js';
import { createMailTestApp, MAIL_BRANDING, type MailTestApp } from '../../test/mail-test-app.js';
import { makeSigningKey } from '../../test/saml-idp.js';
import { noticeThreshold } from './certificate-expiry.js';
import { readCertificate } from './saml/saml-certificates.js';
import { storedCertificate } from './saml-view.js';
import { ssoConnectionJobs } from './sso-connections.jobs.js';

const DAY = 86_400_000;
/** The job's hour on the first day looked at. */
const DAY_ONE = new Date('2027-01-01T04:17:00.000Z');
const dayOf = (n: number) => new Date(DAY_ONE.getTime() + n * DAY);

/** A real certificate ending at `notAfter`, as a connection stores it. */
const certificateEnding = (notAfter: Date, commonName: string) =>
  storedCertificate(
    readCertificate(makeSigningKey({ notBefore: new Date('2026-01-01T00:00:00Z'), notAfter, commonName }).certPem),
    'metadata',
  );

describe('the daily notice of SAML certificates about to expire', () => {
  const clock = testClock(DAY_ONE.toISOString());
  let t: MailTestApp;
  let acme: string;
  let connectionId: string;
  // Ends 29 days and about 20 hours after the first look: 30 days left, rounded up.
  const expiring = certificateEnding(new Date('2027-01-31T00:00:00.000Z'), 'Old signing key');
  const lasting = certificateEnding(new Date('2029-01-01T00:00:00.000Z'), 'Next signing key');
  let finished: { resolve: () => void; reject: (err: unknown) => void } | undefined;

  const samlConnection = (organizationId: string, values: Partial<typeof ssoConnections.$inferInsert>) => ({
    organizationId,
    kind: 'saml',
    name: 'Okta SAML',
    enabled: true,
    samlIdpEntityId: 'https://idp.example/saml',
    samlSsoUrl: 'https://idp.example/sso',
    jit: false,
    jitRole: 'viewer',
    groupRoles: [],
    createdAt: DAY_ONE,
    updatedAt: DAY_ONE,
    ...values,
  });

  beforeAll(async () => {
    t = await createMailTestApp({ clock, config: MAIL_BRANDING });
    const db = t.database.db;
    acme = (await createOrganization(db, { name: 'Ferme Tournesol', locale: 'fr' })).id;
    await createUser(db, acme, { email: 'aline@acme.example', displayName: 'Aline', locale: null });
    await createUser(db, acme, { email: 'bruno@acme.example', displayName: 'Bruno', locale: 'es' });
    await createUser(db, acme, { email: 'gone@acme.example', disabledAt: DAY_ONE });
    await createUser(db, acme, { email: 'viewer@acme.example', role: 'viewer' });
    const [connection] = await db
      .insert(ssoConnections)
      .values(samlConnection(acme, { samlCertificates: [expiring, lasting] }))
      .returning({ id: ssoConnections.id });
    connectionId = connection.id;
    // A disabled connection of the same organization signs nobody in: not told.
    await db.insert(ssoConnections).values(samlConnection(acme, { name: 'Old IdP', enabled: false, samlCertificates: [expiring] }));
    // A disabled organization: not told.
    const closed = (await createOrganization(db, { name: 'Closed', disabledAt: DAY_ONE })).id;
    await createUser(db, closed, { email: 'boss@closed.example' });
    await db.insert(ssoConnections).values(samlConnection(closed, { samlCertificates: [expiring] }));
    // An organization whose certificate ends in a year: not told.
    const calm = (await createOrganization(db, { name: 'Calm' })).id;
    await createUser(db, calm, { email: 'boss@calm.example' });
    await db.insert(ssoConnections).values(samlConnection(calm, { samlCertificates: [lasting] }));
    await createWebhookEndpoint(db, acme, { eventTypes: ['sso_connection.certificate_expiring'] });

    const job = ssoConnectionJobs({ deps: t.deps, services: t.app.services }).find((d) => d.name === 'saml-certificate-expiry')!;
    const watched: typeof job = {
      ...job,
      handler: (data, run) =>
        job.handler(data, run).then(
          () => finished?.resolve(),
          (err) => finished?.reject(err),
        ),
    };
    await t.deps.jobs.startWorkers([watched]);
  });
  afterAll(() => t.close());

  /** The job, sent through the queue as its daily schedule sends it, on day `n`; resolves when it ran. */
  async function runOn(n: number) {
    clock.set(dayOf(n));
    const done = new Promise<void>((resolve, reject) => {
      finished = { resolve, reject };
    });
    await t.deps.jobs.send('saml-certificate-expiry', {});
    await done;
  }
  const noticesOf = () => eventsOf(t.database.db, { action: 'sso_connection.certificate_expiring' });

  it('is scheduled daily, an hour after the metadata is read again', () => {
    const crons = Object.fromEntries(ssoConnectionJobs({ deps: t.deps, services: t.app.services }).map((d) => [d.name, d.cron]));
    expect(crons).toEqual({ 'saml-metadata-refresh': '17 3 * * *', 'saml-certificate-expiry': '17 4 * * *' });
  });

  it('tells each admin once at 30 days, in their language, records one event and sends it to webhooks', async () => {
    await runOn(0);
    expect(t.smtp.messages.map((m) => m.to[0]).sort()).toEqual(['aline@acme.example', 'bruno@acme.example']);
    const aline = t.smtp.messages.find((m) => m.to[0] === 'aline@acme.example')!;
    // Her own language is unset: the organization's, French.
    expect(aline.subject).toBe('Un certificat d’authentification unique de l’organisation Ferme Tournesol expire dans 30 jours');
    expect(aline.text).toContain('Bonjour Aline');
    expect(aline.text).toContain(`Son empreinte SHA-256 est ${expiring.fingerprint}.`);
    expect(aline.text).toContain('qui expire le 31 janvier 2027 (UTC)');
    expect(aline.text).toContain('https://console.example.com/fr/single-sign-on');
    const bruno = t.smtp.messages.find((m) => m.to[0] === 'bruno@acme.example')!;
    expect(bruno.subject).toBe('Un certificado de inicio de sesión único de Ferme Tournesol caduca en 30 días');
    expect(bruno.text).toContain(`Su huella SHA-256 es ${expiring.fingerprint}.`);
    expect(bruno.text).toContain('caduca el 31 de enero de 2027 (UTC)');
    expect(bruno.text).toContain('https://console.example.com/es/single-sign-on');

    const recorded = await noticesOf();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      organizationId: acme,
      actor: { type: 'system' },
      targets: [{ type: 'sso_connection', id: connectionId, name: 'Okta SAML' }],
      data: { fingerprint: expiring.fingerprint, notAfter: '2027-01-31T00:00:00.000Z', daysLeft: 30 },
    });
    const delivered = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, recorded[0].id));
    expect(delivered).toMatchObject([{ eventType: 'sso_connection.certificate_expiring' }]);
  });

  it('sends nothing the next days, until the 7-day threshold, which is told once', async () => {
    await runOn(1);
    // 7 days and about 20 hours left, rounded up: 8, still within the 30-day threshold told already.
    await runOn(22);
    expect(t.smtp.messages).toHaveLength(2);
    expect(await noticesOf()).toHaveLength(1);

    // The next day, 7.
    await runOn(23);
    expect(t.smtp.messages).toHaveLength(4);
    const latest = t.smtp.messages.slice(2);
    expect(latest.map((m) => m.to[0]).sort()).toEqual(['aline@acme.example', 'bruno@acme.example']);
    expect(latest.find((m) => m.to[0] === 'aline@acme.example')?.subject).toMatch(/expire dans 7 jours$/);
    const recorded = await noticesOf();
    expect(recorded.map((e) => e.data.daysLeft)).toEqual([30, 7]);

    await runOn(24);
    expect(t.smtp.messages).toHaveLength(4);
    expect(await noticesOf()).toHaveLength(2);
    // What is remembered: one row per threshold of the one certificate told.
    const kept = await t.database.db.select().from(samlCertificateNotices);
    expect(kept.map((n) => [n.connectionId, n.fingerprint, n.thresholdDays]).sort((a, b) => Number(b[2]) - Number(a[2]))).toEqual([
      [connectionId, expiring.fingerprint, 30],
      [connectionId, expiring.fingerprint, 7],
    ]);
  });

  it('forgets the notices of a certificate the connection stopped trusting', async () => {
    await t.database.db
      .update(ssoConnections)
      .set({ samlCertificates: [lasting] })
      .where(eq(ssoConnections.id, connectionId));
    await runOn(25);
    expect(await t.database.db.select().from(samlCertificateNotices)).toEqual([]);
    expect(t.smtp.messages).toHaveLength(4);
  });
});

describe('the threshold a certificate has reached', () => {
  it('is the nearest at or above its days left; none beyond 30', () => {
    expect([31, 30, 8, 7, 5, 1].map(noticeThreshold)).toEqual([undefined, 30, 30, 7, 7, 7]);
  });
});
