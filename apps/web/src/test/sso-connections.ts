/** A single sign-on connection as the API answers it, for screen tests: an enabled OpenID Connect one of id `n`, with `overrides`. */
import type { SsoConnectionView } from '@console/contracts/sso-connections';

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function aConnection(n: number, overrides: Partial<SsoConnectionView> = {}): SsoConnectionView {
  const id = idOf(n);
  return {
    id,
    kind: 'oidc',
    name: 'Okta',
    enabled: true,
    issuer: 'https://acme.okta.example',
    clientId: 'console',
    clientSecretLast4: 'WXYZ',
    samlConfigured: false,
    saml: null,
    jit: false,
    jitRole: 'viewer',
    groupRoles: [],
    callbackUrl: `https://console.example/api/auth/sso/connections/${id}/callback`,
    lastSignInAt: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A certificate fingerprint of one repeated byte ('AA' → AA:AA:…). */
export const fingerprint = (byte: string) => Array.from({ length: 32 }, () => byte).join(':');

/** A SAML connection of id `n` named Okta SAML, set up, trusting an old certificate that expires soon and a new one. */
export function aSamlConnection(n: number, overrides: Partial<SsoConnectionView> = {}): SsoConnectionView {
  const base = `https://console.example/api/auth/sso/connections/${idOf(n)}/saml`;
  return aConnection(n, {
    kind: 'saml',
    name: 'Okta SAML',
    issuer: null,
    clientId: null,
    clientSecretLast4: null,
    samlConfigured: true,
    callbackUrl: `${base}/acs`,
    saml: {
      spEntityId: `${base}/metadata`,
      acsUrl: `${base}/acs`,
      spMetadataUrl: `${base}/metadata`,
      idpEntityId: 'http://www.okta.com/exk1',
      ssoUrl: 'https://acme.okta.example/app/sso/saml',
      metadataUrl: null,
      metadataAt: '2026-12-01T10:00:00.000Z',
      metadataFailedAt: null,
      metadataError: null,
      wantsSignedRequests: false,
      idpInitiated: false,
      certificates: [
        {
          fingerprint: fingerprint('AA'),
          subject: 'CN=Old key',
          notBefore: '2025-12-01T00:00:00.000Z',
          notAfter: '2026-12-20T00:00:00.000Z',
          source: 'metadata',
          expiry: 'expires_soon',
        },
        {
          fingerprint: fingerprint('BB'),
          subject: 'CN=New key',
          notBefore: '2026-11-01T00:00:00.000Z',
          notAfter: '2029-11-01T00:00:00.000Z',
          source: 'manual',
          expiry: 'valid',
        },
      ],
    },
    ...overrides,
  });
}
