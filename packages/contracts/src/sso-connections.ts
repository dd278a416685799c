/**
 * Single sign-on connections of an organization (docs/product.md, "Single sign-on";
 * docs/decisions/062-sso-connections-per-organization.md): each is an identity provider of
 * the organization's own, OpenID Connect or SAML, managed by its Organizational Admins. A
 * connection signs in only people of its organization, whose address is on one of the
 * organization's verified domains or who are already its people; first arrival (`jit`)
 * may create the person it vouches for, never as an Organizational Admin.
 */
import { z } from 'zod';
import { firstPageCalls } from './auth-constants.js';
import { changeBody } from './change-body.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { nameText, text } from './text.js';

export const ssoConnectionKinds = ['oidc', 'saml'] as const;
export type SsoConnectionKind = (typeof ssoConnectionKinds)[number];

/** Roles first arrival and the group mapping may give: never Organizational Admin. */
export const ssoJitRoles = ['workspace_admin', 'publisher', 'viewer'] as const;
export const ssoJitRole = z.enum(ssoJitRoles);
export type SsoJitRole = z.infer<typeof ssoJitRole>;

export const SSO_CONNECTION_NAME_MAX = 100;
export const SSO_ISSUER_MAX = 2000;
export const SSO_CLIENT_ID_MAX = 500;
export const SSO_CLIENT_SECRET_MAX = 2000;
export const SSO_GROUP_ROLES_MAX = 50;
export const SSO_GROUP_MAX = 256;
/** Connections an organization may hold. */
export const SSO_CONNECTIONS_MAX = 10;
/** Refused sign-ins kept per connection, the newest. */
export const SSO_REFUSALS_KEPT = 50;
/**
 * Refused sign-ins recorded as events (`sso_connection.sign_in_refused`) per connection in an
 * hour (a fixed window from the first refusal counted): a flood of refusals keeps its last
 * SSO_REFUSALS_KEPT on the connection and does not flood the audit trail and the webhooks
 * (decision 062).
 */
export const SSO_REFUSAL_EVENTS_PER_HOUR = 20;

/** The issuer's shape; whether its address may be fetched is the server's rule (SSO_ISSUER_INVALID). */
export const ssoIssuer = text()
  .trim()
  .min(1, 'required')
  .max(SSO_ISSUER_MAX, 'tooLong')
  .pipe(z.url({ protocol: /^https?$/, hostname: /./, message: 'invalid' }))
  .describe('The OpenID Connect issuer: its discovery document is at {issuer}/.well-known/openid-configuration')
  .meta({ examples: ['https://login.acme.example'] });

const name = nameText().trim().min(1, 'required').max(SSO_CONNECTION_NAME_MAX, 'tooLong');
const clientId = text().trim().min(1, 'required').max(SSO_CLIENT_ID_MAX, 'tooLong');
const clientSecret = text()
  .min(1, 'required')
  .max(SSO_CLIENT_SECRET_MAX, 'tooLong')
  .describe('The client secret the identity provider gave: kept to call it, never shown again');

/** A group the provider names (the `groups` claim) and the role its members get at first arrival. */
export const ssoGroupRole = z.object({
  group: text().trim().min(1, 'required').max(SSO_GROUP_MAX, 'tooLong'),
  role: ssoJitRole,
});
export const ssoGroupRoles = z.array(ssoGroupRole).max(SSO_GROUP_ROLES_MAX, 'tooMany');
export type SsoGroupRole = z.infer<typeof ssoGroupRole>;

const firstArrival = {
  jit: z.boolean().default(false).describe('First arrival: a person the connection vouches for who is not yet known is created'),
  jitRole: ssoJitRole.default('viewer').describe('The role first arrival gives when no group of the mapping matches'),
  groupRoles: ssoGroupRoles.default([]).describe('The first matching group gives its role at first arrival'),
};

export const createSsoConnectionBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('oidc'),
    name,
    issuer: ssoIssuer,
    clientId,
    clientSecret,
    enabled: z.boolean().default(false),
    ...firstArrival,
  }),
  z.object({ kind: z.literal('saml'), name, enabled: z.literal(false).default(false), ...firstArrival }),
]);
export type CreateSsoConnectionBody = z.infer<typeof createSsoConnectionBody>;
export type CreateSsoConnectionInput = z.input<typeof createSsoConnectionBody>;

/** A change: only the fields sent change; at least one. The secret changes apart (rotate). */
export const updateSsoConnectionBody = changeBody({
  name: name.optional(),
  issuer: ssoIssuer.optional(),
  clientId: clientId.optional(),
  enabled: z.boolean().optional(),
  jit: z.boolean().optional(),
  jitRole: ssoJitRole.optional(),
  groupRoles: ssoGroupRoles.optional(),
  samlIdpInitiated: z
    .boolean()
    .optional()
    .describe('SAML only: a response the identity provider sends unasked starts a fresh sign-in instead of being refused'),
});
export type UpdateSsoConnectionBody = z.infer<typeof updateSsoConnectionBody>;

export const rotateSsoSecretBody = z.object({ clientSecret });

/** A trusted signing certificate of a SAML identity provider. */
export const samlCertificateView = z.object({
  fingerprint: z.string().describe('SHA-256 of the certificate, as identity providers show it'),
  subject: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  source: z.enum(['metadata', 'manual']).describe('metadata: replaced when the metadata is read again; manual: kept until removed'),
  expiry: z.enum(['valid', 'expires_soon', 'expired']).describe('expires_soon: within 30 days'),
});
export type SamlCertificateView = z.infer<typeof samlCertificateView>;

/** A SAML connection's two sides: ours to give the identity provider, and what its metadata said. */
export const samlSettingsView = z.object({
  spEntityId: z.string().describe('Our entity ID for this connection: the Audience the identity provider must name'),
  acsUrl: z.string().describe('Our Assertion Consumer Service (HTTP-POST binding)'),
  spMetadataUrl: z.string().describe('Our metadata XML, to download or give the identity provider by URL'),
  idpEntityId: z.string().nullable(),
  ssoUrl: z.string().nullable().describe('Where sign-ins are sent (HTTP-Redirect binding)'),
  metadataUrl: z.string().nullable().describe('Read again every day; null when the metadata was uploaded'),
  metadataAt: z.string().nullable().describe('When the metadata was last read well'),
  metadataFailedAt: z.string().nullable().describe('When the last daily read failed (the last good copy is kept)'),
  metadataError: z.string().nullable(),
  wantsSignedRequests: z.boolean().describe('The identity provider asks for signed requests, which the console does not send'),
  idpInitiated: z.boolean(),
  certificates: z.array(samlCertificateView),
});
export type SamlSettingsView = z.infer<typeof samlSettingsView>;

export const ssoConnectionView = z.object({
  id: z.uuid(),
  kind: z.enum(ssoConnectionKinds),
  name: z.string(),
  enabled: z.boolean(),
  issuer: z.string().nullable().describe('OpenID Connect only'),
  clientId: z.string().nullable().describe('OpenID Connect only'),
  clientSecretLast4: z.string().nullable().describe('The last four characters of the client secret; OpenID Connect only'),
  samlConfigured: z.boolean().describe('SAML only: whether its identity provider is set up'),
  saml: samlSettingsView.nullable().describe('SAML only'),
  jit: z.boolean(),
  jitRole: ssoJitRole,
  groupRoles: z.array(ssoGroupRole),
  callbackUrl: z.string().describe('The redirect URI (OpenID Connect) or ACS URL (SAML) to register at the identity provider'),
  lastSignInAt: z
    .string()
    .nullable()
    .describe(
      'When someone last signed in through it (a test does not count); null: nobody yet. "SSO login only" needs an enabled connection someone has signed in through.',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SsoConnectionView = z.infer<typeof ssoConnectionView>;

export const ssoConnectionIdParams = z.object({ id: z.uuid().describe("The connection's id") });
export const ssoConnectionsResponse = z.object({ connections: z.array(ssoConnectionView), total: z.number().int() });
export const ssoConnectionResponse = z.object({ connection: ssoConnectionView });
export const removedSsoConnectionResponse = z.object({ removedConnection: ssoConnectionView });

/**
 * What the SAML service provider refuses (decision 063): each a code and, on the server, an
 * English message naming what was received and what was expected.
 */
export const samlRefusalCodes = [
  'SAML_TOO_LARGE',
  'SAML_MALFORMED',
  'SAML_DTD_NOT_ALLOWED',
  'SAML_NOT_A_RESPONSE',
  'SAML_STATUS_NOT_SUCCESS',
  'SAML_ENCRYPTED_ASSERTION',
  'SAML_ASSERTION_COUNT',
  'SAML_SIGNATURE_MISSING',
  'SAML_SIGNATURE_MISPLACED',
  'SAML_SIGNATURE_REFERENCE',
  'SAML_WEAK_ALGORITHM',
  'SAML_UNSUPPORTED_ALGORITHM',
  'SAML_TRANSFORM_NOT_ALLOWED',
  'SAML_UNTRUSTED_CERTIFICATE',
  'SAML_SIGNATURE_INVALID',
  'SAML_CONTENT_ALTERED',
  'SAML_ISSUER_MISMATCH',
  'SAML_AUDIENCE_MISMATCH',
  'SAML_DESTINATION_MISMATCH',
  'SAML_RECIPIENT_MISMATCH',
  'SAML_IN_RESPONSE_TO_MISMATCH',
  'SAML_UNSOLICITED',
  'SAML_NOT_YET_VALID',
  'SAML_EXPIRED',
  'SAML_SUBJECT_CONFIRMATION_MISSING',
  'SAML_NAME_ID_MISSING',
  'SAML_AUTHN_STATEMENT_MISSING',
  'SAML_REPLAYED',
  'SAML_METADATA_INVALID',
  'SAML_REQUEST_INVALID',
] as const;
export type SamlRefusalCode = (typeof samlRefusalCodes)[number];

/** Why a sign-in through a connection was refused: the code the refusals list and the test show. */
export const ssoRefusalReasons = [
  'state_mismatch',
  'expired_round_trip',
  'provider_error',
  'issuer_mismatch',
  'audience_mismatch',
  'unsigned_token',
  'token_expired',
  'nonce_mismatch',
  'wrong_signature',
  'token_refused',
  'no_verified_email',
  'other_organization',
  'staff_address',
  'domain_not_verified',
  'unknown_person',
  'scim_links_only',
  'disabled_person',
  'connection_disabled',
  'discovery_failed',
  'issuer_address_refused',
  'not_console_role',
  ...samlRefusalCodes,
] as const;
export type SsoRefusalReason = (typeof ssoRefusalReasons)[number];

export const ssoRefusalView = z.object({
  at: z.string(),
  reasonCode: z.enum(ssoRefusalReasons),
  reason: z.string().describe('What was refused, without secrets or tokens'),
});
export const ssoRefusalsResponse = z.object({ refusals: z.array(ssoRefusalView).describe('Newest first') });
/** A connection with its last refused sign-ins: the external API's read of one, in one call. */
export const ssoConnectionDetailsResponse = ssoConnectionResponse.extend(ssoRefusalsResponse.shape);

/** What the last "Test connection" saw: the claims that arrived and the profile they map to, or why it was refused. */
export const ssoTestResultView = z.object({
  at: z.string(),
  outcome: z.enum(['passed', 'refused']),
  reasonCode: z.enum(ssoRefusalReasons).nullable(),
  reason: z.string().nullable(),
  claims: z.record(z.string(), z.unknown()).nullable(),
  profile: z
    .object({
      email: z.string(),
      givenName: z.string().nullable(),
      familyName: z.string().nullable(),
      employeeId: z.string().nullable(),
      role: z.string(),
      existing: z.boolean().describe('The person is already one of the organization’s people'),
    })
    .nullable(),
});
export type SsoTestResultView = z.infer<typeof ssoTestResultView>;
export const ssoTestResultResponse = z.object({ test: ssoTestResultView.nullable() });
export const ssoTestStartResponse = z.object({ url: z.string().describe('Open it in a new tab: the identity provider’s sign-in') });

/** The sign-in page's e-mail step. */
export const ssoDiscoverBody = z.object({ email: text().trim().min(3).max(320) });
export const ssoDiscoverResponse = z.object({
  connections: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('One: go there; several: let the person choose; none: a password'),
});

export const ssoConnectionStartQuery = z.object({
  redirect: text().max(2000).optional(),
});

/** An identity provider's metadata: uploaded as XML, or read from its URL (and again every day). */
export const SAML_METADATA_XML_MAX = 512 * 1024;
export const SAML_CERTIFICATE_MAX = 16 * 1024;
export const samlMetadataBody = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('upload'),
    xml: text().min(1, 'required').max(SAML_METADATA_XML_MAX, 'tooLong').describe("The identity provider's metadata XML"),
  }),
  z.object({
    source: z.literal('url'),
    url: ssoIssuer.describe('Where the identity provider publishes its metadata (https); read again every day'),
  }),
]);
export type SamlMetadataBody = z.infer<typeof samlMetadataBody>;
export const samlCertificateBody = z.object({
  certificate: text()
    .min(1, 'required')
    .max(SAML_CERTIFICATE_MAX, 'tooLong')
    .describe('A signing certificate (PEM) to trust beside the others, for a rollover'),
});
export const samlCertificateParams = z.object({
  id: z.uuid().describe("The connection's id"),
  fingerprint: text()
    .regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'invalid')
    .describe("The certificate's SHA-256 fingerprint"),
});

/** The identity provider's HTTP-POST binding: a form, posted by the person's browser. */
export const SAML_RESPONSE_FORM_MAX = 400 * 1024;
export const samlAcsBody = z.object({
  SAMLResponse: text().min(1).max(SAML_RESPONSE_FORM_MAX),
  RelayState: text().max(400).optional(),
});

export const ssoConnectionErrorCodes = {
  notFound: 'SSO_CONNECTION_NOT_FOUND',
  /** 400: the issuer's address may not be fetched (private, loopback, link-local) or is not https. */
  issuerInvalid: 'SSO_ISSUER_INVALID',
  /** 409: the organization holds the most connections allowed. */
  limitReached: 'SSO_CONNECTION_LIMIT',
  /** 409: a SAML connection enabled before its identity provider is set up, or a change of kind-specific fields of the other kind. */
  incomplete: 'SSO_CONNECTION_INCOMPLETE',
  /** 400: the identity provider's metadata or certificate could not be read (the message says what). */
  samlMetadataInvalid: 'SAML_METADATA_INVALID',
  /** 400: the metadata's URL could not be fetched (an address the console may not call, no answer, not 200). */
  samlMetadataUnreachable: 'SAML_METADATA_UNREACHABLE',
  /**
   * 409: disabling or deleting the organization's last enabled connection that someone has
   * signed in through while "SSO login only" is on: nobody could sign in (decision 062).
   */
  lastForSsoLoginOnly: 'SSO_LOGIN_ONLY_LAST_CONNECTION',
} as const;

/** The Single sign-on screen's calls, for the organization's Organizational Admins. */
export const ssoConnectionRoutes = {
  list: route({
    method: 'GET',
    path: '/sso-connections',
    operationId: 'listSsoConnections',
    query: pageQuery,
    response: ssoConnectionsResponse,
  }),
  create: route({
    method: 'POST',
    path: '/sso-connections',
    operationId: 'createSsoConnection',
    body: createSsoConnectionBody,
    response: ssoConnectionResponse,
    status: 201,
  }),
  get: route({
    method: 'GET',
    path: '/sso-connection/:id',
    operationId: 'getSsoConnection',
    params: ssoConnectionIdParams,
    response: ssoConnectionResponse,
  }),
  update: route({
    method: 'PATCH',
    path: '/sso-connection/:id',
    operationId: 'updateSsoConnection',
    params: ssoConnectionIdParams,
    body: updateSsoConnectionBody,
    response: ssoConnectionResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: '/sso-connection/:id',
    operationId: 'deleteSsoConnection',
    params: ssoConnectionIdParams,
    response: removedSsoConnectionResponse,
  }),
  rotateSecret: route({
    method: 'POST',
    path: '/sso-connection/:id/secret',
    operationId: 'rotateSsoConnectionSecret',
    params: ssoConnectionIdParams,
    body: rotateSsoSecretBody,
    response: ssoConnectionResponse,
  }),
  refusals: route({
    method: 'GET',
    path: '/sso-connection/:id/refusals',
    operationId: 'listSsoConnectionRefusals',
    params: ssoConnectionIdParams,
    response: ssoRefusalsResponse,
  }),
  startTest: route({
    method: 'POST',
    path: '/sso-connection/:id/test',
    operationId: 'startSsoConnectionTest',
    params: ssoConnectionIdParams,
    response: ssoTestStartResponse,
  }),
  testResult: route({
    method: 'GET',
    path: '/sso-connection/:id/test',
    operationId: 'getSsoConnectionTest',
    params: ssoConnectionIdParams,
    response: ssoTestResultResponse,
  }),
  setSamlMetadata: route({
    method: 'PUT',
    path: '/sso-connection/:id/saml/metadata',
    operationId: 'setSsoConnectionSamlMetadata',
    params: ssoConnectionIdParams,
    body: samlMetadataBody,
    response: ssoConnectionResponse,
  }),
  addSamlCertificate: route({
    method: 'POST',
    path: '/sso-connection/:id/saml/certificates',
    operationId: 'addSsoConnectionSamlCertificate',
    params: ssoConnectionIdParams,
    body: samlCertificateBody,
    response: ssoConnectionResponse,
  }),
  removeSamlCertificate: route({
    method: 'DELETE',
    path: '/sso-connection/:id/saml/certificate/:fingerprint',
    operationId: 'removeSsoConnectionSamlCertificate',
    params: samlCertificateParams,
    response: ssoConnectionResponse,
  }),
};

/** The Super area's organization page: its connections, read-only (read-only staff included). */
export const staffSsoConnectionRoutes = {
  list: route({
    method: 'GET',
    path: '/organization/:id/sso-connections',
    operationId: 'listOrganizationSsoConnections',
    params: z.object({ id: z.uuid() }),
    response: ssoConnectionsResponse,
  }),
};

/** Sign-in through a connection: open to anyone, as the sign-in page is. */
export const ssoConnectionSignInRoutes = {
  discover: route({
    ...firstPageCalls.discoverSso,
    body: ssoDiscoverBody,
    response: ssoDiscoverResponse,
  }),
  start: route({
    ...firstPageCalls.startSsoConnection,
    params: ssoConnectionIdParams,
    query: ssoConnectionStartQuery,
  }),
  callback: route({
    method: 'GET',
    path: '/auth/sso/connections/:id/callback',
    operationId: 'finishSsoConnectionSignIn',
    params: ssoConnectionIdParams,
  }),
  /** Our service provider's metadata XML for a SAML connection: public, as identity providers read it by URL. */
  samlMetadata: route({
    method: 'GET',
    path: '/auth/sso/connections/:id/saml/metadata',
    operationId: 'getSsoConnectionSamlMetadata',
    params: ssoConnectionIdParams,
  }),
  /** The Assertion Consumer Service: the identity provider's Response, posted as a form by the browser. */
  samlAcs: route({
    method: 'POST',
    path: '/auth/sso/connections/:id/saml/acs',
    operationId: 'finishSsoConnectionSamlSignIn',
    params: ssoConnectionIdParams,
    body: samlAcsBody,
  }),
};
