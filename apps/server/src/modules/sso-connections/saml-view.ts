/**
 * A SAML connection as the screen shows it: our service provider's side (entity ID, ACS,
 * metadata URL), which the admin gives the identity provider, and what the identity
 * provider's metadata said (its entity ID, sign-in address, trusted certificates with their
 * expiry), with the last daily read of its metadata.
 */
import type { SamlSettingsView } from '@console/contracts';
import { certificateWarnings, type SigningCertificate } from './saml/saml-certificates.js';
import type { ServiceProvider } from './saml/saml-metadata.js';
import type { SsoConnectionRow } from './sso-connections.repository.js';

type StoredSamlCertificate = SsoConnectionRow['samlCertificates'][number];

/** Our side of a connection: per connection, so each identity provider names its own audience. */
export function serviceProviderOf(publicUrl: string, apiBasePath: string, id: string): ServiceProvider & { metadataUrl: string } {
  const base = `${publicUrl.replace(/\/+$/, '')}${apiBasePath}/auth/sso/connections/${id}/saml`;
  // The entity ID is where our metadata is: what identity providers expect an entity ID to be.
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

export const signingCertificatesOf = (stored: readonly StoredSamlCertificate[]): SigningCertificate[] =>
  stored.map((c) => ({
    pem: c.pem,
    fingerprint: c.fingerprint,
    subject: c.subject,
    notBefore: new Date(c.notBefore),
    notAfter: new Date(c.notAfter),
  }));

export const storedCertificate = (c: SigningCertificate, source: StoredSamlCertificate['source']): StoredSamlCertificate => ({
  pem: c.pem,
  fingerprint: c.fingerprint,
  subject: c.subject.slice(0, 500),
  notBefore: c.notBefore.toISOString(),
  notAfter: c.notAfter.toISOString(),
  source,
});

/** Whether the connection can sign anyone in: its identity provider known and at least one certificate trusted. */
export const samlReady = (row: SsoConnectionRow) =>
  row.samlIdpEntityId !== null && row.samlSsoUrl !== null && row.samlCertificates.length > 0;

export function samlViewOf(row: SsoConnectionRow, sp: ReturnType<typeof serviceProviderOf>, now: Date): SamlSettingsView {
  const warnings = new Map(certificateWarnings(signingCertificatesOf(row.samlCertificates), now).map((w) => [w.fingerprint, w.kind]));
  return {
    spEntityId: sp.entityId,
    acsUrl: sp.acsUrl,
    spMetadataUrl: sp.metadataUrl,
    idpEntityId: row.samlIdpEntityId,
    ssoUrl: row.samlSsoUrl,
    metadataUrl: row.samlMetadataUrl,
    metadataAt: row.samlMetadataAt?.toISOString() ?? null,
    metadataFailedAt: row.samlMetadataFailedAt?.toISOString() ?? null,
    metadataError: row.samlMetadataError,
    wantsSignedRequests: row.samlWantsSignedRequests,
    idpInitiated: row.samlIdpInitiated,
    certificates: row.samlCertificates.map((c) => ({
      fingerprint: c.fingerprint,
      subject: c.subject,
      notBefore: c.notBefore,
      notAfter: c.notAfter,
      source: c.source,
      expiry: warnings.get(c.fingerprint) ?? 'valid',
    })),
  };
}
