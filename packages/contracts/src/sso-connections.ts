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
export const updateSsoConnectionBody = z
  .object({
    name: name.optional(),
    issuer: ssoIssuer.optional(),
    clientId: clientId.optional(),
    enabled: z.boolean().optional(),
    jit: z.boolean().optional(),
    jitRole: ssoJitRole.optional(),
    groupRoles: ssoGroupRoles.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'required');
export type UpdateSsoConnectionBody = z.infer<typeof updateSsoConnectionBody>;

export const rotateSsoSecretBody = z.object({ clientSecret });

export const ssoConnectionView = z.object({
  id: z.uuid(),
  kind: z.enum(ssoConnectionKinds),
  name: z.string(),
  enabled: z.boolean(),
  issuer: z.string().nullable().describe('OpenID Connect only'),
  clientId: z.string().nullable().describe('OpenID Connect only'),
  clientSecretLast4: z.string().nullable().describe('The last four characters of the client secret; OpenID Connect only'),
  samlConfigured: z.boolean().describe('SAML only: whether its identity provider is set up'),
  jit: z.boolean(),
  jitRole: ssoJitRole,
  groupRoles: z.array(ssoGroupRole),
  callbackUrl: z.string().describe('The redirect URI to register at the identity provider'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SsoConnectionView = z.infer<typeof ssoConnectionView>;

export const ssoConnectionIdParams = z.object({ id: z.uuid().describe("The connection's id") });
export const ssoConnectionsResponse = z.object({ connections: z.array(ssoConnectionView), total: z.number().int() });
export const ssoConnectionResponse = z.object({ connection: ssoConnectionView });
export const removedSsoConnectionResponse = z.object({ removedConnection: ssoConnectionView });

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
] as const;
export type SsoRefusalReason = (typeof ssoRefusalReasons)[number];

export const ssoRefusalView = z.object({
  at: z.string(),
  reasonCode: z.enum(ssoRefusalReasons),
  reason: z.string().describe('What was refused, without secrets or tokens'),
});
export const ssoRefusalsResponse = z.object({ refusals: z.array(ssoRefusalView).describe('Newest first') });

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

export const ssoConnectionErrorCodes = {
  notFound: 'SSO_CONNECTION_NOT_FOUND',
  /** 400: the issuer's address may not be fetched (private, loopback, link-local) or is not https. */
  issuerInvalid: 'SSO_ISSUER_INVALID',
  /** 409: the organization holds the most connections allowed. */
  limitReached: 'SSO_CONNECTION_LIMIT',
  /** 409: a SAML connection enabled before its identity provider is set up, or a change of kind-specific fields of the other kind. */
  incomplete: 'SSO_CONNECTION_INCOMPLETE',
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
};
