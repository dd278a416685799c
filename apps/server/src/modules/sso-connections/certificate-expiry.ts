/**
 * Telling an organization in time that a SAML signing certificate it trusts is about to expire
 * (decision 063, "Certificates expiring"). An identity provider rolls over to a new certificate
 * around the old one's end; until the connection trusts the new one, every sign-in through it is
 * refused. Once a day (sso-connections.jobs.ts) each enabled SAML connection of an enabled
 * organization is looked at; a certificate that ends within 30 days is told once when it comes
 * within 30 days and once more within 7: an `sso_connection.certificate_expiring` event (the
 * system's, so webhooks carry it) and an e-mail to each of the organization's admins in their
 * language. The notice is kept (`saml_certificate_notices`) in the event's transaction, so the
 * next day sends nothing, and two workers running the job at once send it once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { Mailer } from '../../mail/mailer.js';
import { certificateExpiringMail, consolePageUrl, mailLocale } from '../../mail/templates.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { CertificateNoticesRepository } from './certificate-notices.repository.js';
import { type CertificateWarning, certificateWarnings, EXPIRY_WARNING_DAYS } from './saml/saml-certificates.js';
import { signingCertificatesOf } from './saml-view.js';

/** When a certificate is told, in days before its end: the first is when the screen starts warning. */
export const CERTIFICATE_NOTICE_DAYS = [EXPIRY_WARNING_DAYS, 7] as const;

/**
 * The threshold a certificate with `daysLeft` has reached: the nearest one at or above it. A
 * certificate first seen at 5 days (added late, or the job did not run) gets the 7-day notice only.
 */
export function noticeThreshold(daysLeft: number): number | undefined {
  return [...CERTIFICATE_NOTICE_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);
}

type Watched = Awaited<ReturnType<CertificateNoticesRepository['watched']>>[number];
type Expiring = Extract<CertificateWarning, { kind: 'expires_soon' }>;

export function createCertificateExpiry(deps: {
  db: Db;
  repo: CertificateNoticesRepository;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'PRODUCT_NAME'>;
  log?: FastifyBaseLogger;
}) {
  const { db, repo } = deps;

  /** The notice kept and its event recorded, in one transaction; false when it was sent before. */
  function record(connection: Watched, certificate: Expiring, thresholdDays: number, now: Date) {
    return db.transaction(async (tx) => {
      const claimed = await repo.claim(
        { connectionId: connection.id, fingerprint: certificate.fingerprint, thresholdDays, sentAt: now },
        tx,
      );
      if (!claimed) return false;
      await recordEvent(tx, {
        action: 'sso_connection.certificate_expiring',
        organizationId: connection.organizationId,
        actor: systemActor,
        targets: [{ type: 'sso_connection', id: connection.id, name: connection.name }],
        data: { fingerprint: certificate.fingerprint, notAfter: certificate.notAfter.toISOString(), daysLeft: certificate.daysLeft },
      });
      return true;
    });
  }

  /** Each admin is e-mailed in their language; one that could not be is logged, not retried (the trail and the screen say it too). */
  async function tellAdmins(connection: Watched, certificate: Expiring) {
    let sent = 0;
    for (const admin of await repo.recipients(connection.organizationId)) {
      const locale = mailLocale(admin.locale);
      try {
        await deps.mailer.send(
          certificateExpiringMail({
            to: admin.email,
            name: admin.name,
            productName: deps.config.PRODUCT_NAME,
            organizationName: connection.organizationName,
            connectionName: connection.name,
            fingerprint: certificate.fingerprint,
            notAfter: certificate.notAfter,
            daysLeft: certificate.daysLeft,
            url: consolePageUrl(deps.config.PUBLIC_URL, '/single-sign-on', locale),
            locale,
          }),
        );
        sent += 1;
      } catch (err) {
        deps.log?.error({ err, connectionId: connection.id }, 'certificate expiring: an admin could not be e-mailed');
      }
    }
    return sent;
  }

  async function look(connection: Watched, now: Date) {
    const outcome = { notices: 0, mails: 0 };
    const certificates = signingCertificatesOf(connection.certificates);
    await repo.forgetUntrusted(
      connection.id,
      certificates.map((c) => c.fingerprint),
    );
    for (const warning of certificateWarnings(certificates, now)) {
      if (warning.kind !== 'expires_soon') continue;
      const threshold = noticeThreshold(warning.daysLeft);
      if (threshold === undefined || !(await record(connection, warning, threshold, now))) continue;
      outcome.notices += 1;
      outcome.mails += await tellAdmins(connection, warning);
    }
    return outcome;
  }

  return {
    /** The daily look at every watched connection; one's failure does not stop the others. */
    async noticeAll() {
      // One now for the whole look (decision 044): every certificate is judged against the same day.
      const now = deps.clock.now();
      const outcome = { notices: 0, mails: 0, failed: 0 };
      for (const connection of await repo.watched()) {
        try {
          const one = await look(connection, now);
          outcome.notices += one.notices;
          outcome.mails += one.mails;
        } catch (err) {
          outcome.failed += 1;
          deps.log?.error({ err, connectionId: connection.id }, 'certificate expiring: a connection could not be looked at');
        }
      }
      return outcome;
    },
  };
}

export type CertificateExpiry = ReturnType<typeof createCertificateExpiry>;
