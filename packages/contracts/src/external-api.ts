/**
 * The external integration API under `/api/v1` (decisions.md, "External integration API").
 * These schemas validate the requests, strip the responses and generate its OpenAPI document.
 */
import { z } from 'zod';
import { NAME_MAX } from './integrations.js';
import { pageQuery } from './paging.js';
import { orgRole } from './roles.js';

/** The header that carries the integration access key. */
export const API_KEY_HEADER = 'apikey';
export const EXTERNAL_API_PREFIX = '/v1';
export const API_LOCALES = ['en', 'es', 'fr', 'pt'] as const;

const isoDate = (what: string) => z.string().describe(`${what} (ISO 8601)`);
const idParam = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });

export const apiTokenBody = z.object({
  email: z.string().trim().email().describe('The API user e-mail'),
  password: z.string().min(1).describe('The API user password'),
});
export const apiTokenResponse = z.object({
  idToken: z.string().describe('Send as `Authorization: Bearer <idToken>`'),
  expiresIn: z.number().int().describe('Seconds until the idToken expires'),
});

export const workflowsQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional().describe('Search: part of the title, case-insensitive'),
  workspaceId: z.uuid().optional().describe('Only workflows of this workspace'),
});
export const workflowSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  stage: z.string().describe('copy, segmentation, step_editing, uploading, workflow_editing or published'),
  workspace: z.object({ id: z.uuid(), name: z.string() }),
  author: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  durationSeconds: z.number().int().nullable(),
  createdAt: isoDate('Created'),
  updatedAt: isoDate('Last changed'),
});
export const workflowDetails = workflowSummary.extend({
  deepLink: z.string().describe('Opens the workflow in the platform'),
  steps: z.array(
    z.object({
      position: z.number().int(),
      title: z.string(),
      text: z.string().nullable(),
      startMs: z.number().int().nullable(),
      endMs: z.number().int().nullable(),
    }),
  ),
});
export const workflowsResponse = z.object({ workflows: z.array(workflowSummary), total: z.number().int() });
export const workflowResponse = z.object({ workflow: workflowDetails });
export const workflowParams = idParam('workflow');

export const workspaceView = z.object({
  id: z.uuid(),
  name: z.string(),
  workspaceGroupName: z.string().nullable(),
  private: z.boolean(),
});
export const workspacesResponse = z.object({ workspaces: z.array(workspaceView), total: z.number().int() });

export const skillView = z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable() });
export const skillsResponse = z.object({ skills: z.array(skillView), total: z.number().int() });
export const skillProgressView = z.object({
  skill: z.object({ id: z.uuid(), name: z.string() }),
  progress: z.number().int().describe('0 to 100'),
  assignedAt: isoDate('Assigned'),
  achievedAt: isoDate('Achieved').nullable(),
});
export const skillProgressResponse = z.object({
  userId: z.uuid(),
  skillProgress: z.array(skillProgressView),
  total: z.number().int(),
});

export const apiUsersQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional().describe('Search: part of the e-mail, name or employee ID, case-insensitive'),
});
export const apiUserView = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  displayName: z.string(),
  role: orgRole,
  disabled: z.boolean(),
  createdAt: isoDate('Created'),
  lastLoginAt: isoDate('Last sign-in').nullable(),
  invitedAt: isoDate('Invited').nullable(),
});
export const apiUsersResponse = z.object({ users: z.array(apiUserView), total: z.number().int() });
export const apiUserParams = idParam('user');
export const apiUserResponse = z.object({ user: apiUserView });
export const createApiUserBody = z.object({
  email: z.string().trim().toLowerCase().email().describe('The new user receives an invitation at this address'),
  displayName: z.string().trim().min(1).max(NAME_MAX),
  role: orgRole.default('viewer'),
  employeeId: z.string().trim().min(1).max(100).optional(),
  locale: z.enum(API_LOCALES).default('en').describe('Language of the invitation'),
});
export const createdUserResponse = z.object({
  user: apiUserView,
  invitationSent: z.boolean().describe('false when the e-mail could not be sent now; the invitation still exists'),
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
  ssoNotSupported: 'SSO_NOT_SUPPORTED',
  userExists: 'USER_EXISTS',
  rateLimited: 'RATE_LIMITED',
} as const;

/** GET /settings/documentation: where the interactive API reference is. */
export const documentationUrlResponse = z.object({
  documentationURL: z.string().describe('The interactive reference of the external API'),
});
