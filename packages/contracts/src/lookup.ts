/**
 * The Super area's look-ups (docs/product.md, "Look-up"): a user by e-mail, the users whose
 * e-mail starts with a text, a workflow by id or by a part of its name, and a short-lived
 * signed link to a workflow's source video.
 * Staff with `read` use them; see docs/decisions/016-super-lookup.md.
 */
import { z } from 'zod';
import { analyticsErrorCodes, analyticsFileQuery } from './analytics.js';
import { emailText } from './email-domain.js';
import { pageQuery } from './paging.js';
import { userProfile, userSource } from './people.js';
import { allowedRoleType, orgRole, signInProvider } from './roles.js';
import { route } from './route.js';
import { text } from './text.js';

/** The longest e-mail address there is (RFC 5321 path limit). */
export const LOOKUP_EMAIL_MAX = 254;
export const WORKFLOW_SEARCH_MAX = 200;
/** Users a page of the e-mail search lists (the spec's page size) and the most one may ask. */
export const LOOKUP_USERS_PAGE = 20;
export const LOOKUP_USERS_PAGE_MAX = 100;
/** The user details list at most this many workspaces and groups (and say how many more exist). */
export const LOOKUP_LIST_SHOWN = 100;
/** How long a signed source-video link works. */
export const WORKFLOW_VIDEO_URL_TTL_SECONDS = 600;

/** Processing stages of a workflow (docs/product.md, "Workflow imports"), and `published` once it is done. */
export const workflowStages = ['copy', 'segmentation', 'step_editing', 'uploading', 'workflow_editing', 'published'] as const;
export type WorkflowStage = (typeof workflowStages)[number];

/** Field messages are keys the web app translates. */
export const lookupEmail = emailText()
  .min(1, 'required')
  .max(LOOKUP_EMAIL_MAX, 'email')
  .email('email')
  .describe('The e-mail address, compared without case');
export const userLookupParams = z.object({ email: lookupEmail });

/** The search's text: an address or its beginning (trimmed). */
const emailStart = text().trim().min(1, 'required').max(LOOKUP_EMAIL_MAX, 'tooLong');
/** The look-up's form: a whole address shows that user, a beginning lists the users whose address starts with it. */
export const userLookupForm = z.object({ email: emailStart });
export type UserLookupForm = z.infer<typeof userLookupForm>;

export const usersLookupQuery = z.object({
  email: emailStart.describe('The start of the e-mail address, compared without case (trimmed)'),
  after: text()
    .max(LOOKUP_EMAIL_MAX, 'tooLong')
    .optional()
    .describe('Where the page starts: the `next` of the previous page (the e-mail of its last user)'),
  limit: z.coerce.number().int().min(1).max(LOOKUP_USERS_PAGE_MAX).default(LOOKUP_USERS_PAGE).describe('Users per page'),
});
export type UsersLookupQuery = z.input<typeof usersLookupQuery>;

export const userLookupRow = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  organization: z.object({ id: z.uuid(), name: z.string(), disabled: z.boolean() }),
});
export type UserLookupRow = z.infer<typeof userLookupRow>;
export const usersLookupResponse = z.object({
  users: z.array(userLookupRow).describe('By e-mail without case'),
  next: z.string().nullable().describe('The `after` of the next page; null on the last page'),
});
export type UsersLookupResponse = z.infer<typeof usersLookupResponse>;

const person = z.object({ id: z.uuid(), displayName: z.string(), email: z.string().nullable() });

/** The user's profile (people.ts), with their manager and what else the identity provider sent. */
export const lookupUserProfile = userProfile.extend({
  manager: person.nullable().describe('The manager, a user of the same organization'),
  scimAttributes: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('What else the identity provider sent that the console does not act on (addresses, nickName, …), as sent'),
});
export type LookupUserProfile = z.infer<typeof lookupUserProfile>;

export const lookupUserView = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  organization: z.object({
    id: z.uuid(),
    name: z.string(),
    clientKey: z.string().nullable(),
    planType: z.string().nullable().describe('The name of the plan type'),
    isStaff: z.boolean(),
    disabled: z.boolean(),
  }),
  role: orgRole,
  allowedRoleTypes: z.array(allowedRoleType),
  signInProvider,
  disabled: z.boolean(),
  disabledAt: z.string().nullable().describe('ISO 8601'),
  createdAt: z.string().describe('ISO 8601'),
  createdBy: person.nullable().describe('Who created the user, while that user exists'),
  lastLoginAt: z.string().nullable().describe('ISO 8601'),
  invitedAt: z.string().nullable().describe('ISO 8601'),
  invitedBy: person.nullable(),
  source: userSource,
  profile: lookupUserProfile,
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })).describe(`The user's teams, by name (at most ${LOOKUP_LIST_SHOWN})`),
  moreGroups: z.number().int(),
  workspaces: z
    .array(z.object({ id: z.uuid(), name: z.string(), private: z.boolean() }))
    .describe(`The user's workspaces, by name (at most ${LOOKUP_LIST_SHOWN})`),
  moreWorkspaces: z.number().int(),
});
export type LookupUserView = z.infer<typeof lookupUserView>;
export const userLookupResponse = z.object({ user: lookupUserView });

export const workflowIdParams = z.object({ id: z.uuid() });
/** The search form's id tab: required, a UUID. */
export const workflowIdForm = z.object({ text: text().trim().min(1, 'required').uuid('uuid') });
/** The search form's name tab: required once trimmed. */
export const workflowNameForm = z.object({ text: text().trim().min(1, 'required').max(WORKFLOW_SEARCH_MAX, 'tooLong') });
export type WorkflowSearchForm = z.infer<typeof workflowNameForm>;

export const workflowsSearchQuery = pageQuery.extend({
  q: text().trim().min(1, 'required').max(WORKFLOW_SEARCH_MAX, 'tooLong').describe('Part of the title, compared without case (trimmed)'),
});
export type WorkflowsSearchQuery = z.infer<typeof workflowsSearchQuery>;

const workflowPlace = {
  organization: z.object({ id: z.uuid(), name: z.string(), disabled: z.boolean() }),
  workspace: z.object({ id: z.uuid(), name: z.string(), private: z.boolean() }),
};

export const workflowListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  stage: z.string().describe(`One of ${workflowStages.join(', ')}`),
  ...workflowPlace,
  createdAt: z.string().describe('ISO 8601'),
});
export type WorkflowListItem = z.infer<typeof workflowListItem>;
export const workflowsSearchResponse = z.object({ workflows: z.array(workflowListItem), total: z.number().int() });

export const workflowStepView = z.object({
  id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  text: z.string().nullable(),
  startMs: z.number().int().nullable(),
  endMs: z.number().int().nullable(),
});

export const lookupWorkflowView = z.object({
  id: z.uuid(),
  title: z.string(),
  name: z.string().describe('The same as title'),
  description: z.string().nullable(),
  stage: z.string().describe(`One of ${workflowStages.join(', ')}`),
  organization: workflowPlace.organization.extend({ clientKey: z.string().nullable() }),
  workspace: workflowPlace.workspace.extend({ workspaceGroupName: z.string().nullable() }),
  author: person.nullable(),
  sourceVideo: z.boolean().describe('Whether the workflow has a source video (GET workflow/{id}/original-video)'),
  durationSeconds: z.number().int().nullable(),
  importedFromId: z.uuid().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
  steps: z.array(workflowStepView),
});
export type LookupWorkflowView = z.infer<typeof lookupWorkflowView>;
export const workflowLookupResponse = z.object({ workflow: lookupWorkflowView });

export const originalVideoResponse = z.object({
  signedUrl: z.string().describe('A path of this server that serves the video until expiresAt'),
  expiresAt: z.string().describe('ISO 8601'),
});
/** The signed file's query: the same expiry and signature as the analytics downloads. */
export const originalVideoFileQuery = analyticsFileQuery;

export const lookupErrorCodes = {
  userNotFound: 'USER_NOT_FOUND',
  workflowNotFound: 'WORKFLOW_NOT_FOUND',
  noVideo: 'WORKFLOW_VIDEO_NOT_FOUND',
  linkInvalid: analyticsErrorCodes.linkInvalid,
  linkExpired: analyticsErrorCodes.linkExpired,
} as const;

export const lookupErrorMessages = {
  /** docs/product.md, "Messages": followed by the e-mail. */
  userNotFound: (email: string) => `User was not found: ${email}`,
  workflowNotFound: 'Workflow not found.',
  noVideo: 'This workflow has no source video.',
  linkInvalid: 'This video link is not valid.',
  linkExpired: 'This video link has expired. Open the workflow again for a new one.',
} as const;

const tags = ['Super'];

/** The look-ups, for staff with `read` (docs/product.md, "Calls", "Look-up"). */
export const lookupRoutes = {
  user: route({
    method: 'GET',
    path: '/user/:email',
    operationId: 'lookUpUser',
    tags,
    description:
      'A user of any organization by e-mail (without case), with organization, inviter, profile, manager, groups and workspaces.',
    params: userLookupParams,
    response: userLookupResponse,
  }),
  searchUsers: route({
    method: 'GET',
    path: '/users',
    operationId: 'searchUsersByEmail',
    tags,
    description:
      'Users of every organization whose e-mail starts with `email` (trimmed, without case), by e-mail, 20 a page; `next` starts the next page.',
    query: usersLookupQuery,
    response: usersLookupResponse,
  }),
  searchWorkflows: route({
    method: 'GET',
    path: '/workflows',
    operationId: 'searchWorkflows',
    tags,
    description: 'Workflows of every organization whose title contains q (trimmed, without case), by title, 20 a page.',
    query: workflowsSearchQuery,
    response: workflowsSearchResponse,
  }),
  workflow: route({
    method: 'GET',
    path: '/workflow/:id',
    operationId: 'lookUpWorkflow',
    tags,
    params: workflowIdParams,
    response: workflowLookupResponse,
  }),
  originalVideo: route({
    method: 'GET',
    path: '/workflow/:id/original-video',
    operationId: 'getWorkflowOriginalVideo',
    tags,
    description: 'A short-lived signed link to the source video of the workflow.',
    params: workflowIdParams,
    response: originalVideoResponse,
  }),
  /** The video itself (not JSON): the link `originalVideo` answers points here. */
  originalVideoFile: route({
    method: 'GET',
    path: '/workflow/:id/original-video/file',
    operationId: 'downloadWorkflowOriginalVideo',
    tags,
    description: 'The source video of a signed link (403 forged, 410 expired).',
    params: workflowIdParams,
    query: originalVideoFileQuery,
  }),
};
