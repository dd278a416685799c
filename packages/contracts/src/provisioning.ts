/**
 * SCIM 2.0 provisioning (docs/product.md, "Provisioning"; docs/decisions/036-scim-provisioning.md).
 * A SCIM token is `wfs_` + 32 random base62 characters + 6 of a checksum, like an access
 * key (`wfk_`): shown once, stored hashed, scoped to one organization.
 */
import { z } from 'zod';
import { rollAccessKeyBody } from './access-keys.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { nameText } from './text.js';

export const SCIM_TOKEN_PREFIX = 'wfs_';
export const SCIM_TOKEN_BODY_LENGTH = 32;
export const SCIM_TOKEN_CHECKSUM_LENGTH = 6;
/** Where the SCIM service answers, under the API base path. */
export const SCIM_PATH = '/scim/v2';

// The Provisioning screen's calls (docs/product.md, "Provisioning"), for Organizational Admins.

/** Roles provisioning may give a new user: never Organizational Admin (the console itself). */
export const provisioningRoles = ['workspace_admin', 'publisher', 'viewer'] as const;
/** Live SCIM tokens an organization may hold: one in use and one being rolled in. */
export const SCIM_TOKENS_MAX = 2;
export const SCIM_TOKEN_NAME_MAX = 100;

/**
 * What an admin calls a token ("Okta production"), so that the tokens of two identity
 * providers can be told apart: required, trimmed, at most SCIM_TOKEN_NAME_MAX characters,
 * no control or direction-changing character (it is shown in the list and the audit trail).
 * Names need not be unique: a rolled token keeps its name. Field messages are codes the web app translates.
 */
export const scimTokenName = nameText()
  .trim()
  .min(1, 'required')
  .max(SCIM_TOKEN_NAME_MAX, 'tooLong')
  .describe(`What the token is for (e.g. "Okta production"), at most ${SCIM_TOKEN_NAME_MAX} characters`);
export const scimTokenBody = z.object({ name: scimTokenName });
export type ScimTokenBody = z.infer<typeof scimTokenBody>;

export const scimTokenView = z.object({
  id: z.uuid(),
  name: z
    .string()
    .describe('What the admin called it; a token made before tokens had names is called by its prefix and last four characters'),
  prefix: z.string().describe('The first characters of the token, not secret'),
  last4: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe("The creator's display name"),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('After a roll: until when this token still works'),
});
export type ScimTokenView = z.infer<typeof scimTokenView>;

export const provisioningConfig = z.object({
  defaultRole: z.enum(provisioningRoles),
  defaultWorkspaceIds: z.array(z.uuid()).max(200),
  sendInvitations: z.boolean(),
});
export type ProvisioningConfig = z.infer<typeof provisioningConfig>;

/**
 * Whether the identity provider may deactivate, delete, rename and change the e-mail of
 * the organization's Organizational Admins (off by default: SCIM answers 403 for them).
 * Changed only on its own, never with the defaults of new users: a defaults form loaded
 * before someone turned it off must not turn it back on when saved.
 */
export const managesAdminsBody = z.object({ managesAdmins: z.boolean() });

export const provisioningResponse = z.object({
  baseUrl: z.string().describe('The SCIM base URL to give the identity provider'),
  tokens: z.array(scimTokenView),
  config: provisioningConfig.extend({
    managesAdmins: z.boolean().describe('The identity provider may change and deactivate Organizational Admins'),
  }),
  workspaces: z.array(z.object({ id: z.uuid(), name: z.string() })),
  lastCallAt: z.string().nullable(),
});

/** `secret` is the whole token: returned here and by a roll, never again. */
export const scimTokenWithSecretResponse = z.object({ token: scimTokenView, secret: z.string() });

export const scimEventKinds = ['created', 'updated', 'deactivated', 'reactivated', 'deleted', 'refused'] as const;
export const scimEventView = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(scimEventKinds),
  resourceType: z.enum(['User', 'Group']),
  resourceName: z.string().nullable(),
  method: z.string(),
  status: z.number().int(),
  reason: z.string().nullable(),
});
export type ScimEventView = z.infer<typeof scimEventView>;

export const provisioningErrorCodes = {
  tokenNotFound: 'SCIM_TOKEN_NOT_FOUND',
  tokenLimitReached: 'SCIM_TOKEN_LIMIT_REACHED',
  workspaceUnknown: 'SCIM_WORKSPACE_UNKNOWN',
} as const;

const tokenIdParams = z.object({ id: z.uuid() });

export const provisioningRoutes = {
  get: route({ method: 'GET', path: '/provisioning', operationId: 'getProvisioning', response: provisioningResponse }),
  createToken: route({
    method: 'POST',
    path: '/provisioning/tokens',
    operationId: 'createScimToken',
    body: scimTokenBody,
    response: scimTokenWithSecretResponse,
    status: 201,
  }),
  /** A new name; the secret, and where it works, stay as they are. */
  renameToken: route({
    method: 'PATCH',
    path: '/provisioning/token/:id',
    operationId: 'renameScimToken',
    params: tokenIdParams,
    body: scimTokenBody,
    response: z.object({ token: scimTokenView }),
  }),
  rollToken: route({
    method: 'POST',
    path: '/provisioning/token/:id/roll',
    operationId: 'rollScimToken',
    // The new token keeps the rolled one's name.
    params: tokenIdParams,
    body: rollAccessKeyBody,
    response: scimTokenWithSecretResponse,
  }),
  revokeToken: route({
    method: 'DELETE',
    path: '/provisioning/token/:id',
    operationId: 'revokeScimToken',
    params: tokenIdParams,
    response: z.object({ token: scimTokenView }),
  }),
  updateConfig: route({
    method: 'PUT',
    path: '/provisioning/config',
    operationId: 'updateProvisioningConfig',
    body: provisioningConfig,
    response: z.object({ config: provisioningConfig }),
  }),
  updateManagesAdmins: route({
    method: 'PUT',
    path: '/provisioning/config/managesAdmins',
    operationId: 'updateProvisioningManagesAdmins',
    body: managesAdminsBody,
    response: managesAdminsBody,
  }),
  events: route({
    method: 'GET',
    path: '/provisioning/events',
    operationId: 'listScimEvents',
    query: pageQuery,
    response: z.object({ events: z.array(scimEventView), total: z.number().int() }),
  }),
};
