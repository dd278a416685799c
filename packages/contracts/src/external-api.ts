/**
 * The external integration API under `/api/v1` (docs/product.md, "External API"). These
 * schemas validate the requests, strip the responses and generate its OpenAPI document;
 * its calls are defined once in `externalApiRoutes` below.
 */
import { z } from 'zod';
import { NAME_MAX } from './access-keys.js';
import { dashboardCalls } from './dashboard-calls.js';
import { claimDomainBody, domainIdParams, domainResponse, domainsResponse, removedDomainResponse } from './domains.js';
import { emailText } from './email-domain.js';
import { errorEnvelope } from './errors.js';
import { EVENTS_PAGE_MAX, EVENTS_PAGE_SIZE, eventActionList, eventsErrorCodes, eventView } from './events.js';
import { pageQuery } from './paging.js';
import { resendInvitationResponse } from './people.js';
import {
  REQUEST_LOG_RETENTION_DAYS,
  requestLogEntryParams,
  requestLogEntryResponse,
  requestLogErrorCodes,
  requestLogPage,
  requestLogQuery,
} from './request-log.js';
import { orgRole } from './roles.js';
import { type RouteDef, route } from './route.js';
import {
  createSsoConnectionBody,
  removedSsoConnectionResponse,
  rotateSsoSecretBody,
  SSO_REFUSALS_KEPT,
  samlCertificateBody,
  samlCertificateParams,
  samlMetadataBody,
  ssoConnectionDetailsResponse,
  ssoConnectionIdParams,
  ssoConnectionResponse,
  ssoConnectionsResponse,
  updateSsoConnectionBody,
} from './sso-connections.js';
import { nameText, text } from './text.js';
import { userImportErrorsQuery, userImportErrorsResponse, userImportIdParams, userImportResponse } from './user-imports.js';
import {
  createWebhookBody,
  removedWebhookResponse,
  resendWebhookBody,
  resendWebhookResponse,
  rollWebhookSecretBody,
  updateWebhookBody,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookDeliveriesPage,
  webhookDeliveriesQuery,
  webhookDeliveryParams,
  webhookDeliveryRequestResponse,
  webhookDeliveryResponse,
  webhookIdParams,
  webhookResponse,
  webhooksResponse,
  webhookWithSecretResponse,
} from './webhooks.js';

/** The header that carries the access key. */
export const API_KEY_HEADER = 'apikey';
export const EXTERNAL_API_PREFIX = '/v1';
export const API_LOCALES = ['en', 'es', 'fr', 'pt'] as const;
export type ApiLocale = (typeof API_LOCALES)[number];

const isoDate = (what: string) =>
  z
    .string()
    .describe(`${what} (ISO 8601)`)
    .meta({ examples: ['2026-11-02T09:30:00.000Z'] });
/** A count of a list's items, all pages together. */
const total = () =>
  z
    .number()
    .int()
    .describe('How many there are, all pages together')
    .meta({ examples: [1] });
const idParam = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });

export const apiTokenBody = z.object({
  email: emailText()
    .email()
    .describe('The API user e-mail')
    .meta({ examples: ['integration@acme.example'] }),
  password: text()
    .min(1)
    .describe('The API user password')
    .meta({ examples: ['correct-horse-battery-staple'] }),
});
export const apiTokenResponse = z.object({
  idToken: z
    .string()
    .describe('Send as `Authorization: Bearer <idToken>`')
    .meta({ examples: ['eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl'] }),
  expiresIn: z
    .number()
    .int()
    .describe('Seconds until the idToken expires')
    .meta({ examples: [3600] }),
});

export const workflowsQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('Search: part of the title, case-insensitive'),
  workspaceId: z.uuid().optional().describe('Only workflows of this workspace'),
});
export const workflowSummary = z.object({
  id: z.uuid(),
  title: z.string().meta({ examples: ['Replace the filter cartridge'] }),
  description: z
    .string()
    .nullable()
    .meta({ examples: ['Monthly maintenance of line 2'] }),
  stage: z
    .string()
    .describe('copy, segmentation, step_editing, uploading, workflow_editing or published')
    .meta({ examples: ['published'] }),
  workspace: z.object({ id: z.uuid(), name: z.string().meta({ examples: ['Maintenance'] }) }),
  author: z.object({ id: z.uuid(), displayName: z.string().meta({ examples: ['Ana García'] }) }).nullable(),
  durationSeconds: z
    .number()
    .int()
    .nullable()
    .describe('Length of the video in seconds')
    .meta({ examples: [95] }),
  createdAt: isoDate('Created'),
  updatedAt: isoDate('Last changed'),
});
export const workflowDetails = workflowSummary.extend({
  deepLink: z
    .string()
    .describe('Opens the workflow in the platform')
    .meta({ examples: ['https://app.workframe.io/workflows/0193a3c2-5f1e-7b3a-9c4d-2e8f6a1b0c9d'] }),
  steps: z.array(
    z.object({
      position: z
        .number()
        .int()
        .describe('From 1')
        .meta({ examples: [1] }),
      title: z.string().meta({ examples: ['Open the housing'] }),
      text: z
        .string()
        .nullable()
        .meta({ examples: ['Turn the cap a quarter to the left.'] }),
      startMs: z
        .number()
        .int()
        .nullable()
        .describe('Where the step starts in the video, in milliseconds')
        .meta({ examples: [0] }),
      endMs: z
        .number()
        .int()
        .nullable()
        .describe('Where it ends, in milliseconds')
        .meta({ examples: [12000] }),
    }),
  ),
});
export const workflowsResponse = z.object({ workflows: z.array(workflowSummary), total: total() });
export const workflowResponse = z.object({ workflow: workflowDetails });
export const workflowParams = idParam('workflow');

export const workspaceView = z.object({
  id: z.uuid(),
  name: z.string(),
  workspaceGroupName: z.string().nullable(),
  private: z.boolean(),
});
export const workspacesResponse = z.object({ workspaces: z.array(workspaceView), total: total() });

export const skillView = z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable() });
export const skillsResponse = z.object({ skills: z.array(skillView), total: total() });
export const skillProgressView = z.object({
  skill: z.object({ id: z.uuid(), name: z.string() }),
  progress: z
    .number()
    .int()
    .describe('0 to 100')
    .meta({ examples: [80] }),
  assignedAt: isoDate('Assigned'),
  achievedAt: isoDate('Achieved').nullable(),
});
export const skillProgressResponse = z.object({
  userId: z.uuid(),
  skillProgress: z.array(skillProgressView),
  total: total(),
});

export const apiUsersQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('Search: part of the e-mail, name or employee ID, case-insensitive'),
});
export const apiUserView = z.object({
  id: z.uuid(),
  email: z
    .string()
    .nullable()
    .meta({ examples: ['ana.garcia@acme.example'] }),
  employeeId: z
    .string()
    .nullable()
    .meta({ examples: ['E-1042'] }),
  displayName: z.string().meta({ examples: ['Ana García'] }),
  role: orgRole,
  disabled: z.boolean(),
  createdAt: isoDate('Created'),
  lastLoginAt: isoDate('Last sign-in').nullable(),
  invitedAt: isoDate('Invited').nullable(),
});
export const apiUsersResponse = z.object({ users: z.array(apiUserView), total: total() });
export const apiUserParams = idParam('user');
export const apiUserResponse = z.object({ user: apiUserView });
export const createApiUserBody = z.object({
  email: emailText()
    .email()
    .describe('The new user receives an invitation at this address')
    .meta({ examples: ['luis.perez@acme.example'] }),
  displayName: nameText()
    .trim()
    .min(1)
    .max(NAME_MAX)
    .meta({ examples: ['Luis Pérez'] }),
  role: orgRole.default('viewer'),
  employeeId: text()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ examples: ['E-1043'] }),
  locale: z.enum(API_LOCALES).default('en').describe('Language of the invitation'),
});
export type CreateApiUserBody = z.infer<typeof createApiUserBody>;
export const createdUserResponse = z.object({
  user: apiUserView,
  invitationSent: z.boolean().describe('false when the e-mail could not be sent now; the invitation still exists'),
});

/** The orders of the events API: newest first (the trail's) or oldest first (to follow the stream). */
export const apiEventsOrders = ['newest', 'oldest'] as const;
export const apiEventsQuery = z.object({
  after: z.uuid().optional().describe('Start after this event: the `next` of the previous page (or the id of the last event you read)'),
  types: eventActionList.optional().describe('Only these actions, comma-separated (`access_key.rolled,user.created`)'),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_SIZE).describe('Events per page'),
  order: z.enum(apiEventsOrders).default('newest').describe('newest (the default) or oldest first'),
});
export type ApiEventsQuery = z.input<typeof apiEventsQuery>;
export const apiEventsResponse = z.object({
  events: z.array(eventView),
  next: z.uuid().nullable().describe('The `after` of the next page; null on the last page'),
});

/** Why the external API refused a call; each has its own status and message. */
export const externalApiErrorCodes = {
  apiKeyMissing: 'API_KEY_MISSING',
  apiKeyMalformed: 'API_KEY_MALFORMED',
  apiKeyInvalid: 'API_KEY_INVALID',
  apiKeyExpired: 'API_KEY_EXPIRED',
  apiKeyWrongOrganization: 'API_KEY_WRONG_ORGANIZATION',
  tokenMissing: 'TOKEN_MISSING',
  roleNotAllowed: 'ROLE_NOT_ALLOWED',
  /** 403: the call's area is beyond its access key's permissions (the message names both). */
  permissionDenied: 'ACCESS_KEY_PERMISSION_DENIED',
  ssoNotSupported: 'SSO_NOT_SUPPORTED',
  userExists: 'USER_EXISTS',
  cannotDisableSelf: 'CANNOT_DISABLE_SELF',
  rateLimited: 'RATE_LIMITED',
  /** 429 with Retry-After: the organization's daily checks of other organizations' addresses are spent (decision 020). */
  emailChecksLimit: 'EMAIL_CHECKS_LIMIT',
  /** 400: `after` names no event of the organization (the trail's own code). */
  eventsCursorInvalid: eventsErrorCodes.cursorInvalid,
  /** 400: the Idempotency-Key header is empty, longer than IDEMPOTENCY_KEY_MAX or holds other than printable ASCII. */
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  /** 422: the key was first used for another request (method, path or body) of the same access key. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 409 with Retry-After: the first request with this key is still running. */
  idempotencyKeyInFlight: 'IDEMPOTENCY_KEY_IN_FLIGHT',
  /** 400: `after` is no `next` the request log answered (the log's own code). */
  requestLogCursorInvalid: requestLogErrorCodes.cursorInvalid,
} as const;

/**
 * Idempotency keys (docs/decisions/070-idempotency-keys-and-rate-limit-headers.md): a write sent
 * with `Idempotency-Key` is done once; its answer is kept IDEMPOTENCY_KEY_HOURS for the access key
 * and a repeat gets it again with `Idempotent-Replayed: true`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_HOURS = 24;

/** GET /settings/documentation: where the interactive API reference is. */
export const documentationUrlResponse = z.object({
  documentationURL: z.string().describe('The interactive reference of the external API'),
});

/** The calls of the Documentation screen (docs/product.md, "Documentation"). */
export const documentationRoutes = {
  url: route({ ...dashboardCalls.documentationUrl, response: documentationUrlResponse }),
  /** The interactive reference of the external API (Scalar): an HTML page, linked to, not called. */
  reference: route({ method: 'GET', path: '/v1/reference/', operationId: 'getApiReference' }),
};

/** The statuses of the error answers an external call documents, each with the error envelope. */
export type ExternalApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

/** An external API call: a route, with what its OpenAPI document says besides its success. */
export interface ExternalApiRouteDef extends RouteDef {
  /** Its error answers. */
  errors: readonly ExternalApiErrorStatus[];
  /**
   * The OpenAPI security requirement, stated by every call: both headers, but for the
   * token's call, which needs none (`[]`: its e-mail and password are the credential).
   */
  security: readonly { apiKey: readonly []; idToken: readonly [] }[];
}

const externalRoute = <const R extends ExternalApiRouteDef>(def: R): R => route(def);

/** A write of a key's caller (not the token's call): it takes an Idempotency-Key. */
export const takesIdempotencyKey = (def: Pick<ExternalApiRouteDef, 'method' | 'security'>): boolean =>
  def.method !== 'GET' && def.security.length > 0;

/**
 * The answers of a call's errors, for its OpenAPI document: `{ 401: errorEnvelope, … }`; a
 * write may also be refused for its Idempotency-Key (409 while the first is running, 422 reused).
 */
export const externalApiErrorResponses = (def: ExternalApiRouteDef): Record<number, typeof errorEnvelope> =>
  Object.fromEntries([...def.errors, ...(takesIdempotencyKey(def) ? [409, 422] : [])].map((status) => [status, errorEnvelope]));

/** Every call checked by the guard (apiKey, rate limit, idToken) may be refused so. */
const guarded = [400, 401, 403, 429] as const;
const security = [{ apiKey: [], idToken: [] }] as const;

/**
 * The calls of the external API (docs/product.md, "External API"), under the API base path;
 * tags, summaries and descriptions are those of its OpenAPI document.
 */
export const externalApiRoutes = {
  token: externalRoute({
    method: 'POST',
    path: '/v1/auth/token',
    operationId: 'createIdToken',
    tags: ['Authorization'],
    summary: 'Get an idToken',
    description: 'E-mail and password of an API user for an idToken to send as a bearer token. It expires after `expiresIn` seconds.',
    body: apiTokenBody,
    response: apiTokenResponse,
    errors: [400, 401, 403, 429],
    security: [],
  }),
  listWorkflows: externalRoute({
    method: 'GET',
    path: '/v1/workflows',
    operationId: 'listWorkflows',
    tags: ['Workflows'],
    summary: 'List or search workflows',
    description: 'Newest changes first. `q` searches titles. Below Organizational Admin, only workflows of your workspaces.',
    security,
    query: workflowsQuery,
    response: workflowsResponse,
    errors: guarded,
  }),
  getWorkflow: externalRoute({
    method: 'GET',
    path: '/v1/workflows/:id',
    operationId: 'getWorkflow',
    tags: ['Workflows'],
    summary: 'A workflow with its steps and a deep link',
    security,
    params: workflowParams,
    response: workflowResponse,
    errors: [...guarded, 404],
  }),
  listWorkspaces: externalRoute({
    method: 'GET',
    path: '/v1/workspaces',
    operationId: 'listWorkspaces',
    tags: ['Workspaces'],
    summary: 'List workspaces',
    description: 'By name. Below Organizational Admin, only your workspaces.',
    security,
    query: pageQuery,
    response: workspacesResponse,
    errors: guarded,
  }),
  listSkills: externalRoute({
    method: 'GET',
    path: '/v1/skills',
    operationId: 'listSkills',
    tags: ['Skills'],
    summary: 'List the skills of the organization',
    security,
    query: pageQuery,
    response: skillsResponse,
    errors: guarded,
  }),
  listUsers: externalRoute({
    method: 'GET',
    path: '/v1/users',
    operationId: 'listUsers',
    tags: ['Users'],
    summary: 'List or search users',
    description: 'Organizational and Workspace Admins.',
    security,
    query: apiUsersQuery,
    response: apiUsersResponse,
    errors: guarded,
  }),
  createUser: externalRoute({
    method: 'POST',
    path: '/v1/users',
    operationId: 'createUser',
    tags: ['Users'],
    summary: 'Create a user and send an invitation',
    description: 'Organizational Admins. The invitation (valid 14 days) lets the user set a password.',
    security,
    body: createApiUserBody,
    response: createdUserResponse,
    status: 201,
    errors: [...guarded, 409],
  }),
  disableUser: externalRoute({
    method: 'POST',
    path: '/v1/users/:id/disable',
    operationId: 'disableUser',
    tags: ['Users'],
    summary: 'Disable a user',
    description: 'Organizational Admins. The user can no longer sign in; their sessions end.',
    security,
    params: apiUserParams,
    response: apiUserResponse,
    errors: [...guarded, 404, 409],
  }),
  resendUserInvitation: externalRoute({
    method: 'POST',
    path: '/v1/users/:id/invitation',
    operationId: 'resendUserInvitation',
    tags: ['Users'],
    summary: "Send a user's invitation again",
    description:
      "Organizational Admins. A new invitation (valid 14 days) is e-mailed in the user's language; an earlier link stops working. " +
      'Refused with 409 `PERSON_INVITATION_NOT_RESENDABLE` (`details.reason`: accepted, queued, deactivated, no_email, staff) ' +
      "once the user has set a password, while an import's invitation of theirs is queued, or for a deactivated user or one without an e-mail.",
    security,
    params: apiUserParams,
    response: resendInvitationResponse,
    errors: [...guarded, 404, 409],
  }),
  userSkillProgress: externalRoute({
    method: 'GET',
    path: '/v1/users/:id/skills',
    operationId: 'getUserSkillProgress',
    tags: ['Skills', 'Users'],
    summary: "A user's progress on their skills",
    description: 'Organizational and Workspace Admins.',
    security,
    params: apiUserParams,
    query: pageQuery,
    response: skillProgressResponse,
    errors: [...guarded, 404],
  }),
  /** A multipart upload (the part `file` and the fields of createUserImportFields): no JSON body schema. */
  createUserImport: externalRoute({
    method: 'POST',
    path: '/v1/user-imports',
    operationId: 'createUserImport',
    tags: ['User imports'],
    summary: 'Upload a CSV file of users to import',
    description:
      'Organizational Admins. multipart/form-data with the part `file` (a .csv) and optional fields: the column separator and ' +
      'the options (sendInvitations=false creates the new users without an invitation e-mail; by default they get one). ' +
      'The import runs in the background: read its status with GET /user-imports/{id}. ' +
      'Without `columnSeparator` (or with `detect`), the separator is read from the file: comma, semicolon, tab or |, the one ' +
      'that splits the header into known column names and the first lines into as many columns (quoted cells respected); ' +
      'the import says it in `columnSeparator`, with `columnSeparatorDetected` true, once the file is read. ' +
      '`applyWithoutConfirmation` (default `true`, for unattended runs) applies the import as soon as it is validated; ' +
      '`false` stops it at its summary (status `awaiting_confirmation`, with `summary`: new, updated and disabled users and ' +
      'invitations, with samples) until an Organizational Admin confirms or removes it in the console.',
    security,
    response: userImportResponse,
    status: 201,
    errors: [...guarded, 413],
  }),
  getUserImport: externalRoute({
    method: 'GET',
    path: '/v1/user-imports/:id',
    operationId: 'getUserImport',
    tags: ['User imports'],
    summary: 'The status and counts of an import',
    description:
      'Organizational Admins. status: processing, awaiting_confirmation (validated, waiting for a confirmation in the console), ' +
      'error, validation_error, completed or stopped (an admin stopped it; the counts say what it applied).',
    security,
    params: userImportIdParams,
    response: userImportResponse,
    errors: [...guarded, 404],
  }),
  listUserImportErrors: externalRoute({
    method: 'GET',
    path: '/v1/user-imports/:id/errors',
    operationId: 'listUserImportErrors',
    tags: ['User imports'],
    summary: 'The errors of an import, by e-mail or employee ID with their rows',
    description: 'Organizational Admins. `email` filters case-insensitively.',
    security,
    params: userImportIdParams,
    query: userImportErrorsQuery,
    response: userImportErrorsResponse,
    errors: [...guarded, 404],
  }),
  listEvents: externalRoute({
    method: 'GET',
    path: '/v1/events',
    operationId: 'listEvents',
    tags: ['Events'],
    summary: 'List the events of the organization',
    description:
      'Organizational Admins. What people, access keys, SCIM tokens and the console did in your organization, as the audit trail shows it. ' +
      'Newest first, or `order=oldest` to follow the stream: send the last event’s id as `after` to read what came since. ' +
      '`types` keeps only the actions listed.',
    security,
    query: apiEventsQuery,
    response: apiEventsResponse,
    errors: guarded,
  }),
  /* The request log (the request-log module), as the console's Request log screen has it. */
  listRequests: externalRoute({
    method: 'GET',
    path: '/v1/requests',
    operationId: 'listRequests',
    tags: ['Request log'],
    summary: 'List the calls made to the API',
    description:
      `Organizational Admins. Every call made with an access key of your organization in the last ${REQUEST_LOG_RETENTION_DAYS} days, newest first: ` +
      'its route, status, duration, request id and error code, never a secret, a query or a body. ' +
      'Filter by access key, status class, route and time; send `next` as `after` for the next page. A call appears a second or two after its answer.',
    security,
    query: requestLogQuery,
    response: requestLogPage,
    errors: guarded,
  }),
  getRequest: externalRoute({
    method: 'GET',
    path: '/v1/requests/:id',
    operationId: 'getRequest',
    tags: ['Request log'],
    summary: 'One call made to the API',
    description: 'Organizational Admins. An entry of the request log, by its id.',
    security,
    params: requestLogEntryParams,
    response: requestLogEntryResponse,
    errors: [...guarded, 404],
  }),
  /* Verified domains (the domains module), as the console's Single sign-on screen has them. */
  listDomains: externalRoute({
    method: 'GET',
    path: '/v1/domains',
    operationId: 'listDomains',
    tags: ['Domains'],
    summary: 'List the claimed e-mail domains',
    description: 'Organizational Admins. Oldest first, pending and verified, each with the TXT record that proves it.',
    security,
    response: domainsResponse,
    errors: guarded,
  }),
  claimDomain: externalRoute({
    method: 'POST',
    path: '/v1/domains',
    operationId: 'claimDomain',
    tags: ['Domains'],
    summary: 'Claim an e-mail domain',
    description:
      'Organizational Admins. The answer names the TXT record to publish (`recordName`, `recordValue`); the domain is verified once it is found. ' +
      'Public mail services, the provider’s own domain and what is no domain name are refused (code DOMAIN_INVALID, `details.reason`); ' +
      'a domain claimed already is DOMAIN_EXISTS; an organization holds a limited number (DOMAIN_LIMIT).',
    security,
    body: claimDomainBody,
    response: domainResponse,
    status: 201,
    errors: [...guarded, 409],
  }),
  verifyDomain: externalRoute({
    method: 'POST',
    path: '/v1/domains/:id/verify',
    operationId: 'verifyDomain',
    tags: ['Domains'],
    summary: 'Look for the TXT record of a domain now',
    description:
      'Organizational Admins. Answers the domain: `status` is `verified` when the record was found, else `pending` with `lastCheckError`. ' +
      'A domain another organization verified is 409 DOMAIN_TAKEN.',
    security,
    params: domainIdParams,
    response: domainResponse,
    errors: [...guarded, 404, 409],
  }),
  deleteDomain: externalRoute({
    method: 'DELETE',
    path: '/v1/domains/:id',
    operationId: 'deleteDomain',
    tags: ['Domains'],
    summary: 'Remove a claimed domain',
    description: 'Organizational Admins. Single sign-on no longer routes addresses of this domain to the organization.',
    security,
    params: domainIdParams,
    response: removedDomainResponse,
    errors: [...guarded, 404],
  }),
  /*
   * Single sign-on connections (the connections module's service and its SAML settings), as the
   * console's Single sign-on screen has them; a read of one carries its refused sign-ins.
   */
  listSsoConnections: externalRoute({
    method: 'GET',
    path: '/v1/sso-connections',
    operationId: 'listSsoConnections',
    tags: ['Single sign-on'],
    summary: 'List the single sign-on connections',
    description:
      'Organizational Admins. Oldest first, OpenID Connect and SAML. The client secret is never answered, only its last four characters (`clientSecretLast4`).',
    security,
    query: pageQuery,
    response: ssoConnectionsResponse,
    errors: guarded,
  }),
  createSsoConnection: externalRoute({
    method: 'POST',
    path: '/v1/sso-connections',
    operationId: 'createSsoConnection',
    tags: ['Single sign-on'],
    summary: 'Add a single sign-on connection',
    description:
      'Organizational Admins. `kind: oidc` takes the issuer, client id and client secret the identity provider gave: the secret is kept to call it and never answered. ' +
      'The issuer must be https and must not name a private, loopback or link-local address (code SSO_ISSUER_INVALID). ' +
      '`kind: saml` takes a name: give its identity provider with PUT /sso-connections/{id}/saml/metadata, then enable it. ' +
      'Register the answer’s `callbackUrl` at the identity provider. First arrival never creates an Organizational Admin; ' +
      'an organization holds a limited number of connections (code SSO_CONNECTION_LIMIT).',
    security,
    body: createSsoConnectionBody,
    response: ssoConnectionResponse,
    status: 201,
    errors: [...guarded, 409],
  }),
  getSsoConnection: externalRoute({
    method: 'GET',
    path: '/v1/sso-connections/:id',
    operationId: 'getSsoConnection',
    tags: ['Single sign-on'],
    summary: 'A single sign-on connection with its refused sign-ins',
    description: `Organizational Admins. \`refusals\`: the last ${SSO_REFUSALS_KEPT} sign-ins it refused, newest first, each with a reason code and what an IT admin needs to act on it.`,
    security,
    params: ssoConnectionIdParams,
    response: ssoConnectionDetailsResponse,
    errors: [...guarded, 404],
  }),
  updateSsoConnection: externalRoute({
    method: 'PATCH',
    path: '/v1/sso-connections/:id',
    operationId: 'updateSsoConnection',
    tags: ['Single sign-on'],
    summary: 'Change a single sign-on connection',
    description:
      'Organizational Admins. Only the fields sent change. A SAML connection can be enabled only once its identity provider is set up and has no issuer or client id; ' +
      'an OpenID Connect connection has no SAML settings (409 SSO_CONNECTION_INCOMPLETE).',
    security,
    params: ssoConnectionIdParams,
    body: updateSsoConnectionBody,
    response: ssoConnectionResponse,
    errors: [...guarded, 404, 409],
  }),
  deleteSsoConnection: externalRoute({
    method: 'DELETE',
    path: '/v1/sso-connections/:id',
    operationId: 'deleteSsoConnection',
    tags: ['Single sign-on'],
    summary: 'Delete a single sign-on connection',
    description: 'Organizational Admins. Sign-ins under way through it fail; the people it signed in stay.',
    security,
    params: ssoConnectionIdParams,
    response: removedSsoConnectionResponse,
    errors: [...guarded, 404],
  }),
  rotateSsoConnectionSecret: externalRoute({
    method: 'POST',
    path: '/v1/sso-connections/:id/secret',
    operationId: 'rotateSsoConnectionSecret',
    tags: ['Single sign-on'],
    summary: 'Replace the client secret of an OpenID Connect connection',
    description:
      'Organizational Admins. The new secret the identity provider gave replaces the old one at once; the answer shows only its last four characters. ' +
      'A SAML connection has no client secret (409 SSO_CONNECTION_INCOMPLETE).',
    security,
    params: ssoConnectionIdParams,
    body: rotateSsoSecretBody,
    response: ssoConnectionResponse,
    errors: [...guarded, 404, 409],
  }),
  setSsoConnectionSamlMetadata: externalRoute({
    method: 'PUT',
    path: '/v1/sso-connections/:id/saml/metadata',
    operationId: 'setSsoConnectionSamlMetadata',
    tags: ['Single sign-on'],
    summary: 'Give a SAML connection its identity provider’s metadata',
    description:
      'Organizational Admins. `source: upload` with the XML, or `source: url` with where the identity provider publishes it (https, a public address; read at once and again every day). ' +
      'Its signing certificates replace those earlier metadata brought; certificates added by hand stay. ' +
      'Refused metadata is 400 SAML_METADATA_INVALID, SAML_METADATA_UNREACHABLE or SSO_ISSUER_INVALID; an OpenID Connect connection is 409 SSO_CONNECTION_INCOMPLETE.',
    security,
    params: ssoConnectionIdParams,
    body: samlMetadataBody,
    response: ssoConnectionResponse,
    errors: [...guarded, 404, 409],
  }),
  addSsoConnectionSamlCertificate: externalRoute({
    method: 'POST',
    path: '/v1/sso-connections/:id/saml/certificates',
    operationId: 'addSsoConnectionSamlCertificate',
    tags: ['Single sign-on'],
    summary: 'Trust another signing certificate of a SAML identity provider',
    description:
      'Organizational Admins. For a rollover: the identity provider’s next certificate is trusted beside the others until the old one is removed. ' +
      'A certificate that cannot be read, or one more than a connection may trust, is 400 SAML_METADATA_INVALID.',
    security,
    params: ssoConnectionIdParams,
    body: samlCertificateBody,
    response: ssoConnectionResponse,
    errors: [...guarded, 404, 409],
  }),
  removeSsoConnectionSamlCertificate: externalRoute({
    method: 'DELETE',
    path: '/v1/sso-connections/:id/saml/certificates/:fingerprint',
    operationId: 'removeSsoConnectionSamlCertificate',
    tags: ['Single sign-on'],
    summary: 'Stop trusting a signing certificate of a SAML identity provider',
    description:
      'Organizational Admins. The certificate is named by its SHA-256 fingerprint, as the connection’s `saml.certificates` show it. ' +
      'The last one cannot be removed (409 SSO_CONNECTION_INCOMPLETE): trust the next one first.',
    security,
    params: samlCertificateParams,
    response: ssoConnectionResponse,
    errors: [...guarded, 404, 409],
  }),
  /*
   * Webhooks: the endpoints (the webhooks module), then their delivery log, test events and
   * sending again (the delivery module registers those four), as the console's Webhooks screen has them.
   */
  listWebhooks: externalRoute({
    method: 'GET',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    tags: ['Webhooks'],
    summary: 'List the webhook endpoints',
    description: 'Organizational Admins. Oldest first.',
    security,
    query: pageQuery,
    response: webhooksResponse,
    errors: guarded,
  }),
  createWebhook: externalRoute({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    tags: ['Webhooks'],
    summary: 'Add a webhook endpoint',
    description:
      'Organizational Admins. The answer holds the signing secret (`whsec_…`), shown once: keep it to verify the signatures. ' +
      'The URL must be https and must not name a private, loopback or link-local address (code WEBHOOK_URL_INVALID); ' +
      'an organization holds a limited number of endpoints (code WEBHOOK_LIMIT).',
    security,
    body: createWebhookBody,
    response: webhookWithSecretResponse,
    status: 201,
    errors: [...guarded, 409],
  }),
  getWebhook: externalRoute({
    method: 'GET',
    path: '/v1/webhooks/:id',
    operationId: 'getWebhook',
    tags: ['Webhooks'],
    summary: 'A webhook endpoint',
    description: 'Organizational Admins.',
    security,
    params: webhookIdParams,
    response: webhookResponse,
    errors: [...guarded, 404],
  }),
  updateWebhook: externalRoute({
    method: 'PATCH',
    path: '/v1/webhooks/:id',
    operationId: 'updateWebhook',
    tags: ['Webhooks'],
    summary: 'Change a webhook endpoint',
    description: 'Organizational Admins. Only the fields sent change.',
    security,
    params: webhookIdParams,
    body: updateWebhookBody,
    response: webhookResponse,
    errors: [...guarded, 404],
  }),
  deleteWebhook: externalRoute({
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    operationId: 'deleteWebhook',
    tags: ['Webhooks'],
    summary: 'Delete a webhook endpoint',
    description: 'Organizational Admins. Nothing more is sent to it.',
    security,
    params: webhookIdParams,
    response: removedWebhookResponse,
    errors: [...guarded, 404],
  }),
  rollWebhookSecret: externalRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/roll',
    operationId: 'rollWebhookSecret',
    tags: ['Webhooks'],
    summary: 'Roll the signing secret of a webhook endpoint',
    description:
      'Organizational Admins. The answer holds the new secret, shown once. During the grace period (24 hours unless chosen) ' +
      'every delivery carries two signatures, one with each secret.',
    security,
    params: webhookIdParams,
    body: rollWebhookSecretBody,
    response: webhookWithSecretResponse,
    errors: [...guarded, 404],
  }),
  sendWebhookTest: externalRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    operationId: 'sendWebhookTest',
    tags: ['Webhooks'],
    summary: 'Send a test event to a webhook endpoint',
    description: `Organizational Admins. Queues one \`webhook.test\` delivery; follow it in the delivery log. At most ${WEBHOOK_TESTS_PER_MINUTE} a minute to one endpoint: one more is 429 with Retry-After.`,
    security,
    params: webhookIdParams,
    response: webhookDeliveryResponse,
    status: 202,
    errors: [...guarded, 404, 409],
  }),
  listWebhookDeliveries: externalRoute({
    method: 'GET',
    path: '/v1/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    tags: ['Webhooks'],
    summary: 'The delivery log of a webhook endpoint',
    description: 'Organizational Admins. Newest first, each delivery with its attempts; filter by event type and outcome.',
    security,
    params: webhookIdParams,
    query: webhookDeliveriesQuery,
    response: webhookDeliveriesPage,
    errors: [...guarded, 404],
  }),
  getWebhookDeliveryRequest: externalRoute({
    method: 'GET',
    path: '/v1/webhooks/:id/deliveries/:deliveryId/request',
    operationId: 'getWebhookDeliveryRequest',
    tags: ['Webhooks'],
    summary: 'What a delivery sends',
    description:
      'Organizational Admins. The JSON body of the delivery as it is sent at every attempt, beside its answers in the delivery log.',
    security,
    params: webhookDeliveryParams,
    response: webhookDeliveryRequestResponse,
    errors: [...guarded, 404],
  }),
  retryWebhookDelivery: externalRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/deliveries/:deliveryId/retry',
    operationId: 'retryWebhookDelivery',
    tags: ['Webhooks'],
    summary: 'Send one delivery again',
    description: 'Organizational Admins.',
    security,
    params: webhookDeliveryParams,
    response: webhookDeliveryResponse,
    status: 202,
    errors: [...guarded, 404, 409],
  }),
  resendWebhookDeliveries: externalRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/resend',
    operationId: 'resendWebhookDeliveries',
    tags: ['Webhooks'],
    summary: 'Send again every delivery that failed since an instant',
    description: 'Organizational Admins.',
    security,
    params: webhookIdParams,
    body: resendWebhookBody,
    response: resendWebhookResponse,
    status: 202,
    errors: [...guarded, 404, 409],
  }),
};
