/**
 * A SAML connection's identity provider, set by the organization's Organizational Admins
 * (decision 063): its metadata uploaded as XML, or read from a URL (under the webhooks'
 * address rule) and read again every day, and the certificates it may sign with, several at
 * once for a rollover. Metadata replaces the certificates it brought before and keeps those
 * added by hand; a failed daily read keeps the last good copy and says why on the connection.
 * Every change an admin makes, and a daily read that changed something, is an
 * `sso_connection.updated` event with the fields before and after.
 */
import { type SamlMetadataBody, ssoConnectionErrorCodes } from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, systemActor } from '../events/record.js';
import { issuerProblem } from './issuer-address.js';
import { readCertificate } from './saml/saml-certificates.js';
import { type IdpMetadata, parseIdpMetadata } from './saml/saml-metadata.js';
import { fetchMetadata, MetadataUnreachable } from './saml/saml-metadata-fetch.js';
import { SamlRefused } from './saml/saml-refusal.js';
import { storedCertificate } from './saml-view.js';
import type { SamlValues, SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';
import { connectionNotFound, described, recordConnectionEvent, type SsoConnectionsService } from './sso-connections.service.js';

/** More certificates than this is no identity provider's rollover. */
export const SAML_CERTIFICATES_MAX = 10;

const invalid = (message: string) => new ValidationError(message, undefined, ssoConnectionErrorCodes.samlMetadataInvalid);

/** The identity provider's metadata read, or a 400 that says what is wrong with it. */
function readMetadata(xml: string): IdpMetadata {
  try {
    return parseIdpMetadata(xml);
  } catch (err) {
    if (err instanceof SamlRefused) throw invalid(err.message);
    throw err;
  }
}

/** What the metadata sets: its certificates replace those an earlier metadata brought; those added by hand stay. */
function fromMetadata(row: SsoConnectionRow, metadata: IdpMetadata): Partial<SamlValues> {
  const fromIt = metadata.signingCertificates.map((c) => storedCertificate(c, 'metadata'));
  const kept = row.samlCertificates.filter((c) => c.source === 'manual' && !fromIt.some((m) => m.fingerprint === c.fingerprint));
  const certificates = [...fromIt, ...kept];
  if (certificates.length > SAML_CERTIFICATES_MAX)
    throw invalid(`The connection would trust ${certificates.length} certificates; at most ${SAML_CERTIFICATES_MAX}: remove some first.`);
  return {
    samlIdpEntityId: metadata.entityId,
    samlSsoUrl: metadata.ssoRedirectUrl,
    samlCertificates: certificates,
    samlWantsSignedRequests: metadata.wantAuthnRequestsSigned,
    samlMetadataFailedAt: null,
    samlMetadataError: null,
  };
}

export function createSamlSettingsService(deps: {
  db: Db;
  repo: SsoConnectionsRepository;
  clock: Clock;
  connections: Pick<SsoConnectionsService, 'toView'>;
  allowLoopback: boolean;
  /** The metadata's reader (tests hand in a resolver of their own through it). */
  fetch?: (url: string) => Promise<string>;
}) {
  const { db, repo, clock, connections } = deps;
  const fetch = deps.fetch ?? ((url: string) => fetchMetadata(url, { allowLoopback: deps.allowLoopback }));

  async function read(url: string): Promise<string> {
    const problem = issuerProblem(url, deps.allowLoopback);
    if (problem)
      throw new ValidationError(
        'The metadata URL must start with https:// and name a public address, without a user name or password.',
        { reason: problem },
        ssoConnectionErrorCodes.issuerInvalid,
      );
    try {
      return await fetch(url);
    } catch (err) {
      if (err instanceof MetadataUnreachable)
        throw new ValidationError(err.message, undefined, ssoConnectionErrorCodes.samlMetadataUnreachable);
      throw err;
    }
  }

  /** The caller's own SAML connection, looked for before anything sent is read or fetched: another organization's is simply not found. */
  async function own(auth: AuthContext, id: string) {
    const row = await repo.findById(auth.organizationId, id);
    if (!row) throw connectionNotFound();
    if (row.kind !== 'saml') throw new Conflict('An OpenID Connect connection has no SAML settings.', ssoConnectionErrorCodes.incomplete);
  }

  /** Changes a SAML connection of the caller's organization under its row's lock, with its event. */
  async function change(auth: AuthContext, id: string, values: (row: SsoConnectionRow) => Partial<SamlValues> | null, tx: Tx) {
    const row = await repo.lockById(auth.organizationId, id, tx);
    if (!row) throw connectionNotFound();
    if (row.kind !== 'saml') throw new Conflict('An OpenID Connect connection has no SAML settings.', ssoConnectionErrorCodes.incomplete);
    const changes = values(row);
    if (!changes) return { connection: connections.toView(row) };
    const before = connections.toView(row);
    await repo.update(auth.organizationId, id, { ...changes, now: clock.now() }, tx);
    const connection = connections.toView((await repo.findById(auth.organizationId, id, tx))!);
    await recordConnectionEvent(tx, auth.organizationId, actorOf(auth), 'sso_connection.updated', connection, {
      before: described(before),
      after: described(connection),
    });
    return { connection };
  }

  const service = {
    async setMetadata(auth: AuthContext, id: string, body: SamlMetadataBody) {
      await own(auth, id);
      // Read before the transaction: a slow identity provider holds no lock.
      const xml = body.source === 'upload' ? body.xml : await read(body.url);
      const metadata = readMetadata(xml);
      const url = body.source === 'url' ? body.url : null;
      return db.transaction((tx) =>
        change(auth, id, (row) => ({ ...fromMetadata(row, metadata), samlMetadataUrl: url, samlMetadataAt: clock.now() }), tx),
      );
    },

    /** A certificate the identity provider will sign with next, trusted beside the others until the old one is removed. */
    async addCertificate(auth: AuthContext, id: string, pem: string) {
      await own(auth, id);
      let certificate: ReturnType<typeof readCertificate>;
      try {
        certificate = readCertificate(pem);
      } catch (err) {
        if (err instanceof SamlRefused) throw invalid(err.message);
        throw err;
      }
      return db.transaction((tx) =>
        change(
          auth,
          id,
          (row) => {
            if (row.samlCertificates.some((c) => c.fingerprint === certificate.fingerprint)) return null;
            if (row.samlCertificates.length >= SAML_CERTIFICATES_MAX)
              throw invalid(`The connection already trusts ${SAML_CERTIFICATES_MAX} certificates: remove one first.`);
            return { samlCertificates: [...row.samlCertificates, storedCertificate(certificate, 'manual')] };
          },
          tx,
        ),
      );
    },

    /** The identity provider no longer signs with it. The last one stays: a connection that trusts none signs no one in. */
    async removeCertificate(auth: AuthContext, id: string, fingerprint: string) {
      return db.transaction((tx) =>
        change(
          auth,
          id,
          (row) => {
            const left = row.samlCertificates.filter((c) => c.fingerprint !== fingerprint);
            if (left.length === row.samlCertificates.length)
              throw new NotFound('This connection does not trust that certificate.', ssoConnectionErrorCodes.notFound);
            if (left.length === 0)
              throw new Conflict(
                'This is the only certificate the connection trusts: add the new one (or new metadata) before removing it.',
                ssoConnectionErrorCodes.incomplete,
              );
            return { samlCertificates: left };
          },
          tx,
        ),
      );
    },

    /**
     * Reads a connection's metadata again from its URL (the daily job). A failure keeps the
     * last good copy and is kept on the connection, not as an event (a year of failed reads
     * would be 365 events); a read that changed something is the system's event.
     */
    async refresh(connection: { id: string; organizationId: string }) {
      const row = await repo.findById(connection.organizationId, connection.id);
      if (!row?.samlMetadataUrl) return 'skipped' as const;
      let metadata: IdpMetadata;
      try {
        metadata = readMetadata(await read(row.samlMetadataUrl));
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        const now = clock.now();
        await repo.update(row.organizationId, row.id, { samlMetadataFailedAt: now, samlMetadataError: err.message.slice(0, 500), now });
        return 'failed' as const;
      }
      return db.transaction(async (tx) => {
        const locked = await repo.lockById(row.organizationId, row.id, tx);
        if (!locked?.samlMetadataUrl) return 'skipped' as const;
        const before = connections.toView(locked);
        await repo.update(
          row.organizationId,
          row.id,
          { ...fromMetadata(locked, metadata), samlMetadataAt: clock.now(), now: clock.now() },
          tx,
        );
        const after = connections.toView((await repo.findById(row.organizationId, row.id, tx))!);
        if (JSON.stringify(described(before)) !== JSON.stringify(described(after))) {
          await recordConnectionEvent(tx, row.organizationId, systemActor, 'sso_connection.updated', after, {
            before: described(before),
            after: described(after),
          });
        }
        return 'read' as const;
      });
    },

    /** Every connection whose metadata has a URL, one after the other; one's failure does not stop the others. */
    async refreshAll() {
      const outcomes = { read: 0, failed: 0, skipped: 0 };
      for (const connection of await repo.withMetadataUrl()) {
        try {
          outcomes[await service.refresh(connection)] += 1;
        } catch {
          outcomes.failed += 1;
        }
      }
      return outcomes;
    },
  };
  return service;
}

export type SamlSettingsService = ReturnType<typeof createSamlSettingsService>;
