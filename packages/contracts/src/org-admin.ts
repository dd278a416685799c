/**
 * Organization administration in the Super area (console-spec sections 2-7, decision 013):
 * creating an organization with its first Organizational Admin, its client key (set once),
 * and its managers. Staff with `update` change these; `read` reads. Field messages are keys
 * the web app translates.
 */
import { z } from 'zod';
import { newPassword } from './auth.js';
import { ORGANIZATION_NAME_MAX, organizationName, organizationView } from './organizations.js';
import { pageQuery } from './paging.js';

export const CLIENT_KEY_MAX = 40;
export const PERSON_NAME_MAX = ORGANIZATION_NAME_MAX;
export const contentLocales = ['en', 'es', 'fr', 'pt'] as const;

/**
 * Client keys that are never available: they would clash with the platform's own names
 * (client keys name an organization in addresses and sign-in).
 */
export const reservedClientKeys: readonly string[] = [
  'admin',
  'api',
  'app',
  'auth',
  'console',
  'help',
  'login',
  'mail',
  'staff',
  'static',
  'status',
  'super',
  'support',
  'www',
];

/** Lowercase letters or digits only, trimmed (spec section 5). */
export const clientKey = z
  .string()
  .trim()
  .min(1, 'required')
  .max(CLIENT_KEY_MAX, 'clientKeyTooLong')
  .regex(/^[a-z0-9]+$/, 'clientKeyInvalid')
  .describe(`Lowercase letters or digits, at most ${CLIENT_KEY_MAX}; unique; cannot be changed once set`);

export const personName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(PERSON_NAME_MAX, 'tooLong')
  .describe(`A person's display name, at most ${PERSON_NAME_MAX} characters`);
export const personEmail = z.string().trim().min(1, 'required').max(254, 'email').email('email').describe('An e-mail address');
export const contentLocale = z.enum(contentLocales).describe('The language of e-mails: the console language of the staff member');

/** The create form (spec section 3): the fields staff fill in. */
export const organizationCreateForm = z.object({
  name: organizationName,
  adminName: personName.describe('The display name of the first Organizational Admin'),
  email: personEmail.describe('The e-mail of the first Organizational Admin; must not belong to any user yet'),
  password: newPassword.describe('The first Organizational Admin password: 10 to 25 characters, digit, upper, lower, special, no spaces'),
  planType: z.string().trim().min(1, 'required').describe('The name of one of GET organization/planTypes'),
  clientKey: z
    .string()
    .trim()
    .max(CLIENT_KEY_MAX, 'clientKeyTooLong')
    .regex(/^[a-z0-9]*$/, 'clientKeyInvalid')
    .optional()
    .describe('Optional here (empty is none); it can be set once later'),
});
export type OrganizationCreateForm = z.infer<typeof organizationCreateForm>;

/** POST /organization: the form plus the current locale. */
export const organizationCreateBody = organizationCreateForm.extend({ locale: contentLocale.default('en') });
export type OrganizationCreateBody = z.input<typeof organizationCreateBody>;

export const organizationCreateResponse = z.object({ organization: organizationView });

/** PUT organization/{id}/clientKey: sets the client key of an organization that has none. */
export const clientKeyBody = z.object({ clientKey });
export type ClientKeyBody = z.infer<typeof clientKeyBody>;
export const clientKeyResponse = z.object({ organization: organizationView });

/** POST organization/{id}/managers. */
export const managerCreateBody = z.object({
  displayName: personName,
  email: personEmail,
  locale: contentLocale.default('en').describe('The language of the invitation e-mail and of the new user'),
});
export type ManagerCreateBody = z.input<typeof managerCreateBody>;
/** The create dialog: the same fields, the language chosen (the console's by default). */
export const managerCreateForm = managerCreateBody.extend({ locale: contentLocale });
export type ManagerCreateForm = z.infer<typeof managerCreateForm>;

/**
 * none: added as an existing user, never invited; pending: invited, not accepted yet, the
 * invitation still works; expired: invited, never accepted, the invitation no longer works;
 * accepted: invited and the person has set a password.
 */
export const invitationState = z.enum(['none', 'pending', 'expired', 'accepted']);
export type InvitationState = z.infer<typeof invitationState>;

export const managerView = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  userId: z.uuid(),
  displayName: z.string().describe("The person's name on their account"),
  email: z.string(),
  locale: z.string(),
  createdAt: z.string().describe('ISO 8601: when the person was made a manager'),
  createdBy: z.string().nullable().describe('The display name of the staff member who added them'),
  disabled: z.boolean().describe('The user is disabled'),
  pendingInvitation: z.boolean().describe('An invitation is out and not yet accepted'),
  invited: z.boolean(),
  invitedAt: z.string().nullable().describe('ISO 8601'),
  invitedBy: z.string().nullable().describe('The display name of who sent the invitation'),
  invitationState,
});
export type ManagerView = z.infer<typeof managerView>;

export const managersQuery = pageQuery;
export const managersResponse = z.object({ managers: z.array(managerView), total: z.number().int() });
export const managerIdParams = z.object({ id: z.uuid() });
export const managerResponse = z.object({ manager: managerView });
export const managerCreateResponse = z.object({
  pendingInvitation: z.boolean().describe('The manager has an invitation out that they have not accepted yet'),
  invitationEmail: z
    .enum(['sent', 'failed', 'none'])
    .describe('sent: this call e-mailed an invitation (the e-mail was new); failed: it could not be delivered; none: an existing user'),
  manager: managerView,
});

/** POST organization/{id}/managers/{managerId}/invitation: a new invitation replaces the old one. */
export const managerInvitationParams = z.object({ id: z.uuid(), managerId: z.uuid() });
export const managerInvitationResponse = z.object({
  invitationEmail: z.enum(['sent', 'failed']).describe('sent: the new invitation was e-mailed; failed: it could not be delivered'),
  manager: managerView,
});
export type ManagerInvitationResponse = z.infer<typeof managerInvitationResponse>;

export const orgAdminErrorCodes = {
  emailTaken: 'EMAIL_TAKEN',
  clientKeyUnavailable: 'CLIENT_KEY_UNAVAILABLE',
  clientKeySet: 'CLIENT_KEY_ALREADY_SET',
  managerExists: 'MANAGER_EXISTS',
  managerOtherOrganization: 'MANAGER_OTHER_ORGANIZATION',
  managerUserDisabled: 'MANAGER_USER_DISABLED',
  managerNotFound: 'MANAGER_NOT_FOUND',
  managerInvitationAccepted: 'MANAGER_INVITATION_ACCEPTED',
} as const;

/** The spec's message for a client key that cannot be used. */
export const CLIENT_KEY_UNAVAILABLE_MESSAGE = 'Client Key is duplicated in the system or not available.';
