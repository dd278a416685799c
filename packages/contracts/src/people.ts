/**
 * The People screen (docs/product.md, "People"): the directory of an organization's users for
 * its Organizational Admins. Users are made and changed by the identity provider (SCIM), the
 * CSV import or the external API; the console shows them, and sends a person's invitation again.
 *
 * The list is paged by a keyset, not by page numbers: an organization may hold a million
 * users, and `after` (the `next` of the previous page, opaque) starts the next page where
 * the last one ended, however deep, without counting what comes before.
 */
import { z } from 'zod';
import { orgRole } from './roles.js';
import { route } from './route.js';
import { text } from './text.js';

/** active: may sign in; deactivated: disabled (or deleted by SCIM); invited: invited and never signed in. */
export const personStatuses = ['active', 'deactivated', 'invited'] as const;
export const personStatus = z.enum(personStatuses);
export type PersonStatus = z.infer<typeof personStatus>;

/** Who made a user: the CSV import, the identity provider (SCIM), the external API, or the console itself. */
export const userSources = ['csv_import', 'scim', 'external_api', 'console'] as const;
export const userSource = z.enum(userSources);
export type UserSource = z.infer<typeof userSource>;

export const PEOPLE_PAGE_SIZE = 50;
export const PEOPLE_PAGE_MAX = 100;
export const PEOPLE_SEARCH_MAX = 100;
/** The longest `after` taken: a keyset cursor holds a name (any length the users table allows, within reason) and an id. */
export const PEOPLE_CURSOR_MAX = 1024;
/** The person's page lists at most this many groups, and says how many more there are. */
export const PERSON_GROUPS_SHOWN = 100;

export const peopleQuery = z.object({
  q: text()
    .trim()
    .max(PEOPLE_SEARCH_MAX, 'tooLong')
    .optional()
    .describe('The start of the display name, given name, family name or e-mail address, compared without case (trimmed)'),
  status: personStatus.optional(),
  source: userSource.optional(),
  after: text()
    .max(PEOPLE_CURSOR_MAX)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
    .optional()
    .describe('Where the page starts: the `next` of the previous page'),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(PEOPLE_PAGE_SIZE).describe('People per page'),
});
export type PeopleQuery = z.input<typeof peopleQuery>;

export const personRow = z.object({
  id: z.uuid(),
  name: z.string().describe('The display name'),
  email: z.string().nullable(),
  role: orgRole,
  status: personStatus,
  source: userSource,
  updatedAt: z.string().describe('ISO 8601: the last change of the user, else when they were made'),
});
export type PersonRow = z.infer<typeof personRow>;

export const peopleResponse = z.object({
  people: z.array(personRow).describe('By name without case, then id'),
  next: z.string().nullable().describe('The `after` of the next page; null on the last page'),
});
export type PeopleResponse = z.infer<typeof peopleResponse>;

/**
 * What the identity provider (or the import, or the API) says of a user beyond the sign-in
 * fields; null where nothing was sent. Given and family name are always there (taken from the
 * display name when not sent). The People screen and the staff's lookup both show it.
 */
export const userProfile = z.object({
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  formattedName: z.string().nullable().describe('The full name as the identity provider formats it; null: the display name'),
  userName: z.string().nullable().describe("The identity provider's login name when it is not the e-mail"),
  workEmail: z.string().nullable().describe('A work e-mail other than the sign-in e-mail'),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  costCenter: z.string().nullable(),
  division: z.string().nullable(),
  organization: z.string().nullable().describe("The enterprise extension's organization, as sent (not the console's organization)"),
});

/**
 * Where a person's invitation stands, from what the console holds: `not_sent` (none was made,
 * or its e-mail could not be sent: `sendFailed`), `queued` (an import's invitation waiting for
 * the background sending, or one being sent now), `sent` (its link works until `expiresAt`),
 * `expired` (its link stopped working unused), `accepted` (the person has set a password).
 */
export const personInvitationStates = ['not_sent', 'queued', 'sent', 'expired', 'accepted'] as const;
export const personInvitationState = z.enum(personInvitationStates);
export type PersonInvitationState = z.infer<typeof personInvitationState>;

/** Why an invitation cannot be sent now (`details.reason` of 409 PERSON_INVITATION_NOT_RESENDABLE). */
export const invitationRefusals = ['accepted', 'queued', 'deactivated', 'no_email', 'staff'] as const;
export type InvitationRefusal = (typeof invitationRefusals)[number];

export const personInvitation = z.object({
  state: personInvitationState,
  sentAt: z.string().nullable().describe('ISO 8601: when the last invitation was e-mailed'),
  expiresAt: z.string().nullable().describe("ISO 8601: when the last invitation's link stops (or stopped) working"),
  acceptedAt: z.string().nullable().describe('ISO 8601: when the person set their password'),
  sendFailed: z.boolean().describe("The last invitation's e-mail could not be sent"),
  /** Whether an Organizational Admin may send an invitation now; when not, `refusal` says why. */
  canResend: z.boolean(),
  refusal: z.enum(invitationRefusals).nullable(),
});
export type PersonInvitation = z.infer<typeof personInvitation>;

const named = z.object({ id: z.uuid(), name: z.string() });

export const personView = personRow.extend({
  ...userProfile.shape,
  employeeNumber: z.string().nullable(),
  manager: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })).describe(`The person's teams, by name (at most ${PERSON_GROUPS_SHOWN})`),
  moreGroups: z.number().int().describe('How many more teams there are than listed'),
  workspaces: z.array(named).describe(`The person's workspaces, by name (at most ${PERSON_GROUPS_SHOWN})`),
  moreWorkspaces: z.number().int().describe('How many more workspaces there are than listed'),
  skills: z.array(named).describe(`The person's skills, by name (at most ${PERSON_GROUPS_SHOWN})`),
  moreSkills: z.number().int().describe('How many more skills there are than listed'),
  invitation: personInvitation,
});
export type PersonView = z.infer<typeof personView>;

export const personIdParams = z.object({ id: z.uuid() });

export const peopleErrorCodes = {
  notFound: 'PERSON_NOT_FOUND',
  cursorInvalid: 'PEOPLE_CURSOR_INVALID',
  invitationNotResendable: 'PERSON_INVITATION_NOT_RESENDABLE',
} as const;

/** POST person/:id/invitation: the person's invitation as it stands after the send, and whether its e-mail went. */
export const resendInvitationResponse = z.object({
  invitation: personInvitation,
  invitationEmail: z.enum(['sent', 'failed']).describe('failed: the invitation exists, its e-mail could not be sent now'),
});
export type ResendInvitationResponse = z.infer<typeof resendInvitationResponse>;

/** The calls of the People screen (docs/product.md, "People"), for Organizational Admins of their organization. */
export const peopleRoutes = {
  list: route({ method: 'GET', path: '/people', operationId: 'listPeople', query: peopleQuery, response: peopleResponse }),
  get: route({
    method: 'GET',
    path: '/person/:id',
    operationId: 'getPerson',
    params: personIdParams,
    response: z.object({ person: personView }),
  }),
  /**
   * A new invitation (14 days), e-mailed in the person's language; an earlier one's link stops
   * working. Refused (409) once the person has set a password, while an import's invitation of
   * theirs is queued, and for a deactivated person or one without an e-mail.
   */
  resendInvitation: route({
    method: 'POST',
    path: '/person/:id/invitation',
    operationId: 'resendPersonInvitation',
    params: personIdParams,
    response: resendInvitationResponse,
  }),
};
