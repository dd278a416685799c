/**
 * The Super area's organization aggregate, one contract: organizations (list, details,
 * edit, disable), creating them with their first Organizational Admin, client keys,
 * managers and their invitations, per-organization settings and the import status
 * (docs/product.md, "Organizations" and "Organization settings"; decisions 008, 013 and
 * 014). Staff with `read` read them, `update` changes them ("Roles and access"). Field
 * messages are keys the web app translates. Every call is in `organizationRoutes`, at the end.
 */
import { z } from 'zod';
import { NAME_MAX } from './access-keys.js';
import { firstAdminPassword } from './auth.js';
import { emailText } from './email-domain.js';
import { contentLocales } from './locales.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { sourceEnvName } from './source-envs.js';
import { nameText, text } from './text.js';
import { userImportStatus } from './user-imports.js';

// ---------------------------------------------------------------------------------------
// Organizations: the list (paged by 20, a case-insensitive "contains" filter on the name,
// disabled ones only when asked for), one organization, its edit and disable.
// ---------------------------------------------------------------------------------------

export const ORGANIZATION_NAME_MAX = NAME_MAX;
/** The organization details show at most this many admins (and say how many there are). */
export const ORGANIZATION_ADMINS_SHOWN = 100;

export const organizationsQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('Part of the name, compared without case'),
  disabled: z.enum(['true', 'false']).optional().describe('true: disabled organizations are listed too'),
  sourceEnv: sourceEnvName.describe(
    'The platform environment whose organizations are listed; "default" (when left out) is this installation\'s own, another is read from it (400 SOURCE_ENV_UNKNOWN when not configured)',
  ),
});
export type OrganizationsQuery = z.infer<typeof organizationsQuery>;

export const organizationIdParams = z.object({ id: z.uuid() });

const organizationBase = {
  id: z.uuid(),
  name: z.string(),
  planType: z.string().nullable().describe('The name of the plan type'),
  defaultGroup: z.string().nullable(),
  clientKey: z.string().nullable(),
  isStaff: z.boolean().describe("The provider's own staff organization"),
  disabled: z.boolean(),
  disabledAt: z.string().nullable().describe('ISO 8601'),
  createdAt: z.string().describe('ISO 8601'),
  locale: z
    .enum(contentLocales)
    .describe("The organization's language: its e-mails to people who have no language of their own (invitations, password resets)"),
  platformAppUrl: z
    .string()
    .nullable()
    .describe(
      "Where the organization's people who do not use this console sign in (the platform's app); null: the installation's PLATFORM_APP_URL",
    ),
  regularUsersCount: z.number().int().describe('Enabled users who are not Organizational Admins'),
  adminsCount: z.number().int().describe('Enabled Organizational Admins'),
};

export const organizationListItem = z.object(organizationBase);
export type OrganizationListItem = z.infer<typeof organizationListItem>;

export const organizationAdmin = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  disabled: z.boolean(),
});
export type OrganizationAdmin = z.infer<typeof organizationAdmin>;

export const organizationView = z.object({
  ...organizationBase,
  workspacesCount: z.number().int(),
  admins: z.array(organizationAdmin).describe(`Organizational Admins, disabled ones too, by name (at most ${ORGANIZATION_ADMINS_SHOWN})`),
  moreAdmins: z.number().int().describe('How many more Organizational Admins there are than `admins` shows'),
});
export type OrganizationView = z.infer<typeof organizationView>;

export const planTypeView = z.object({ id: z.uuid(), name: z.string() });
export type PlanTypeView = z.infer<typeof planTypeView>;

export const organizationsResponse = z.object({ organizations: z.array(organizationListItem), total: z.number().int() });
export const organizationResponse = z.object({ organization: organizationView });
export const planTypesResponse = z.object({ planTypes: z.array(planTypeView) });

/**
 * PUT /organization/{id}: any of the name and the plan type (by name), and `disabled: true`,
 * which disables the organization for good (docs/product.md, "Organizations": irreversible,
 * deactivates all its users).
 */
export const organizationName = nameText()
  .trim()
  .min(1, 'required')
  .max(ORGANIZATION_NAME_MAX, 'tooLong')
  .describe(`The organization's name, at most ${ORGANIZATION_NAME_MAX} characters`);
const planTypeName = text().trim().min(1, 'required').describe('The name of one of GET organization/planTypes');

/** The WHATWG URL of browsers and Node; the contracts compile without either's library types. */
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };

export const PLATFORM_APP_URL_MAX = 2000;
const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * An address people can be sent to: https, or http only on this machine (a developer's app);
 * no user name or password in it, as it is shown in e-mails and on public pages.
 */
export function isPlatformAppUrl(value: string): boolean {
  let url: { protocol: string; hostname: string; username: string; password: string };
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname));
}

/** The edit form's field: empty means the installation's PLATFORM_APP_URL. */
export const platformAppUrlField = text()
  .trim()
  .max(PLATFORM_APP_URL_MAX, 'tooLong')
  .refine((v) => v === '' || isPlatformAppUrl(v), 'httpsUrl');

const platformAppUrl = platformAppUrlField
  .refine((v) => v !== '', 'httpsUrl')
  .nullable()
  .describe(
    "Where the organization's people who do not use this console sign in, named in their activation e-mail and page and at a refused console sign-in: an https URL (http only for localhost); null goes back to the installation's PLATFORM_APP_URL",
  );

export const organizationUpdateBody = z
  .object({
    name: organizationName.optional(),
    planType: planTypeName.optional(),
    locale: z.enum(contentLocales).optional().describe("The organization's language: its e-mails to people who have none of their own"),
    platformAppUrl: platformAppUrl.optional(),
    disabled: z.literal(true).optional().describe('true disables the organization and all its users; there is no way back'),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.planType !== undefined ||
      b.locale !== undefined ||
      b.platformAppUrl !== undefined ||
      b.disabled !== undefined,
    'empty',
  );
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBody>;

/** The edit form: every field required. */
export const organizationEditForm = z.object({
  name: organizationName,
  planType: planTypeName,
  locale: z.enum(contentLocales),
  platformAppUrl: platformAppUrlField,
});
export type OrganizationEditForm = z.infer<typeof organizationEditForm>;

export const organizationUpdateResponse = z.object({
  organization: organizationView,
  usersDisabled: z.number().int().describe('Users this call disabled (and signed out): 0 unless it disabled the organization'),
});

// ---------------------------------------------------------------------------------------
// Creating an organization with its first Organizational Admin, its client key (set once),
// and its managers with their invitations (decision 013).
// ---------------------------------------------------------------------------------------

export const CLIENT_KEY_MAX = 40;
export const PERSON_NAME_MAX = ORGANIZATION_NAME_MAX;

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

/** Lowercase letters or digits only, trimmed (docs/product.md, "Organizations", Client key). */
export const clientKey = text()
  .trim()
  .min(1, 'required')
  .max(CLIENT_KEY_MAX, 'clientKeyTooLong')
  .regex(/^[a-z0-9]+$/, 'clientKeyInvalid')
  .describe(`Lowercase letters or digits, at most ${CLIENT_KEY_MAX}; unique; cannot be changed once set`);

export const personName = nameText()
  .trim()
  .min(1, 'required')
  .max(PERSON_NAME_MAX, 'tooLong')
  .describe(`A person's display name, at most ${PERSON_NAME_MAX} characters`);
export const personEmail = emailText().min(1, 'required').max(254, 'email').email('email').describe('An e-mail address');
export const contentLocale = z.enum(contentLocales).describe('The language of e-mails: the console language of the staff member');

/**
 * How the first Organizational Admin gets into the console: `password`, the one staff type
 * (the spec's organization create form), or `invite`, an invitation e-mailed to them to
 * choose their own, as a manager added later gets it (decision 013; decision 060 says why both).
 */
export const firstAdminAccesses = ['password', 'invite'] as const;
export type FirstAdminAccess = (typeof firstAdminAccesses)[number];

/** Which access a create call asks for: exactly one of `password` and `invite: true`; null when it gives both or neither. */
export function firstAdminAccessOf(body: { password?: string; invite?: boolean }): FirstAdminAccess | null {
  const password = body.password !== undefined;
  const invite = body.invite === true;
  if (password === invite) return null;
  return password ? 'password' : 'invite';
}

/** The create form's fields but the first admin's access (docs/product.md, "Organizations", Create). */
const organizationCreateFields = {
  name: organizationName,
  adminName: personName.describe('The display name of the first Organizational Admin'),
  email: personEmail.describe('The e-mail of the first Organizational Admin; must not belong to any user yet'),
  planType: text().trim().min(1, 'required').describe('The name of one of GET organization/planTypes'),
  clientKey: text()
    .trim()
    .max(CLIENT_KEY_MAX, 'clientKeyTooLong')
    .regex(/^[a-z0-9]*$/, 'clientKeyInvalid')
    .optional()
    .describe('Optional here (empty is none); it can be set once later'),
};

/**
 * The create form as the API takes it: the fields and exactly one of `password` and
 * `invite: true` (the server refuses both or neither with 400 FIRST_ADMIN_PASSWORD_OR_INVITE:
 * the two cannot be told apart by a schema the OpenAPI document and the fuzzer read simply).
 */
export const organizationCreateForm = z.object({
  ...organizationCreateFields,
  password: firstAdminPassword
    .optional()
    .describe(
      'The first Organizational Admin password: 10 to 25 characters, digit, upper, lower, special, no spaces. Left out with invite: true',
    ),
  invite: z
    .boolean()
    .optional()
    .describe(
      'true: no password; the first Organizational Admin is e-mailed an invitation (valid 14 days) to choose their own, in the organization language. Give either password or invite: true, not both',
    ),
});

/**
 * The create dialog's form: the access chosen with a radio group; with `password`, the
 * password under the spec's rule, typed twice (only `password` is sent); with `invite`,
 * the password fields are left out and not checked.
 */
export const organizationCreateDialogForm = z
  .discriminatedUnion('access', [
    z.object({ ...organizationCreateFields, access: z.literal('password'), password: firstAdminPassword, repeat: z.string() }),
    z.object({ ...organizationCreateFields, access: z.literal('invite'), password: z.string(), repeat: z.string() }),
  ])
  .refine((v) => v.access !== 'password' || v.repeat === v.password, { path: ['repeat'], message: 'passwordMismatch' });
export type OrganizationCreateDialogForm = z.infer<typeof organizationCreateDialogForm>;
export type OrganizationCreateForm = z.infer<typeof organizationCreateForm>;

/** POST /organization: the form plus the current locale. */
export const organizationCreateBody = organizationCreateForm.extend({ locale: contentLocale.default('en') });
export type OrganizationCreateBody = z.input<typeof organizationCreateBody>;

export const organizationCreateResponse = z.object({
  organization: organizationView,
  invitationEmail: z
    .enum(['sent', 'failed', 'none'])
    .describe(
      'sent: the first Organizational Admin was e-mailed an invitation; failed: it could not be delivered (it can be resent from the managers); none: a password was given',
    ),
});
export type OrganizationCreateResponse = z.infer<typeof organizationCreateResponse>;

/** PUT organization/{id}/clientKey: sets the client key of an organization that has none. */
export const clientKeyBody = z.object({ clientKey });
export type ClientKeyBody = z.infer<typeof clientKeyBody>;
export const clientKeyResponse = z.object({ organization: organizationView });
/**
 * GET organization/{id}/clientKey/availability?clientKey=: whether PUT organization/{id}/clientKey
 * would take this key, asked before the console's irreversible step. It refuses as the set
 * call would (an unknown or disabled organization, one whose key is already set to another)
 * and changes nothing; the set call checks again, in its transaction.
 */
export const clientKeyAvailabilityQuery = clientKeyBody;
export const clientKeyAvailabilityResponse = z.object({
  available: z.boolean().describe('false: the key is reserved or another organization has it'),
});

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

/** The message for a client key that cannot be used (docs/product.md, "Organizations", Client key). */
export const CLIENT_KEY_UNAVAILABLE_MESSAGE = 'Client Key is duplicated in the system or not available.';

// ---------------------------------------------------------------------------------------
// Settings (feature switches) of an organization (decision 014). The one list of settings:
// the server validates changes with it and the web screen draws its switches from it. A
// setting that was never changed has its default (no row in organization_settings).
// ---------------------------------------------------------------------------------------

/** The groups of docs/product.md, "Organization settings", in the order the screen shows them. */
export const ORGANIZATION_SETTING_GROUPS = [
  'basic',
  'aiFeatures',
  'learningFeatures',
  'downloadOffline',
  'productFeatures',
  'customFeatures',
  'products',
  'dataRetention',
] as const;
export type OrganizationSettingGroup = (typeof ORGANIZATION_SETTING_GROUPS)[number];

/**
 * The kinds of setting: an on/off switch, AI verification (a switch with two required
 * models), or a number of days between the definition's bounds (how long events are kept).
 */
export const ORGANIZATION_SETTING_TYPES = ['toggle', 'aiVerification', 'days'] as const;
export type OrganizationSettingType = (typeof ORGANIZATION_SETTING_TYPES)[number];

/** The models AI verification can use (GET organization/verificationModels). */
export const VERIFICATION_MODEL_KINDS = ['photo', 'video'] as const;
export type VerificationModelKind = (typeof VERIFICATION_MODEL_KINDS)[number];
export const verificationModel = z.object({ id: z.string(), name: z.string() });
export type VerificationModel = z.infer<typeof verificationModel>;
export const VERIFICATION_MODELS: Record<VerificationModelKind, VerificationModel[]> = {
  photo: [
    { id: 'photo-standard-v1', name: 'Photo Standard v1' },
    { id: 'photo-precision-v2', name: 'Photo Precision v2' },
  ],
  video: [
    { id: 'video-standard-v1', name: 'Video Standard v1' },
    { id: 'video-precision-v2', name: 'Video Precision v2' },
  ],
};
export const verificationModelsResponse = z.object({
  verificationModels: z.object({ photo: z.array(verificationModel), video: z.array(verificationModel) }),
});
export type VerificationModels = z.infer<typeof verificationModelsResponse>['verificationModels'];

export function isVerificationModel(kind: VerificationModelKind, id: string): boolean {
  return VERIFICATION_MODELS[kind].some((m) => m.id === id);
}

/** AI verification's value: on or off, and the photo and video models it uses. */
export const aiVerificationShape = z
  .object({
    enabled: z.boolean(),
    photoModel: text().nullable().describe('A photo model id of GET organization/verificationModels'),
    videoModel: text().nullable().describe('A video model id of GET organization/verificationModels'),
  })
  .strict();
export type AiVerificationValue = z.infer<typeof aiVerificationShape>;

/**
 * The rule of AI verification (docs/product.md, "Organization settings"): when it is on,
 * the photo model and the video model are each required; a model that is set must be one
 * of the catalogue's. Messages are keys the web app translates.
 */
export const aiVerificationValue = aiVerificationShape.superRefine((v, ctx) => {
  for (const kind of VERIFICATION_MODEL_KINDS) {
    const model = v[`${kind}Model`];
    const path = [`${kind}Model`];
    if (model === null || model.trim() === '') {
      if (v.enabled) ctx.addIssue({ code: 'custom', path, message: 'required' });
    } else if (!isVerificationModel(kind, model)) ctx.addIssue({ code: 'custom', path, message: 'unknown' });
  }
});

/**
 * How long an organization's events are kept (docs/decisions/053-events-retention.md): 400
 * days by default (a year and the month around it, so a yearly audit finds last year's
 * whole), at least 30, at most seven years: 2,557 days, the most seven calendar years hold
 * (two of them leap years), so "seven years" is always kept whole.
 */
export const EVENT_RETENTION_DAYS = { default: 400, min: 30, max: 2_557 } as const;

/**
 * A number of days between bounds: a whole number (`invalid`), at least `min` (`tooShort`),
 * at most `max` (`tooLong`). Messages are codes the web app translates.
 */
export const daysValue = (bounds: { min: number; max: number }) =>
  // Number.isInteger, not int(): zod's int() refuses 1e308 as unsafe, where "too long" is the truth.
  z.number().min(bounds.min, 'tooShort').max(bounds.max, 'tooLong').refine(Number.isInteger, 'invalid');

export type OrganizationSettingValue = boolean | AiVerificationValue | number;

interface DefinitionBase<K extends string> {
  key: K;
  group: OrganizationSettingGroup;
  /**
   * What turning the switch on stops at once, so the screen asks first and says how many it
   * reaches (`GET organization/{id}/accessCounts`): `passwordSignIn` ends password sessions
   * and refuses password sign-in to the console (decision 047).
   */
  stops?: 'passwordSignIn';
}
export type OrganizationSettingDefinition =
  | (DefinitionBase<string> & { type: 'toggle'; default: boolean })
  | (DefinitionBase<string> & { type: 'aiVerification'; default: AiVerificationValue })
  | (DefinitionBase<string> & { type: 'days'; default: number; min: number; max: number });

const toggle = <K extends string>(key: K, group: OrganizationSettingGroup, stops?: 'passwordSignIn') => ({
  key,
  group,
  type: 'toggle' as const,
  default: false,
  ...(stops ? { stops } : {}),
});

/** Every setting, by group, in the order of the screen. Every switch is off until staff turn it on. */
export const ORGANIZATION_SETTINGS = [
  toggle('textToSpeech', 'basic'),
  toggle('publicSharing', 'basic'),
  toggle('sharingExternalEmails', 'basic'),
  toggle('sharingExternalDomains', 'basic'),
  toggle('restrictedIp', 'basic'),
  /** Password sign-in refused for the organization's people (the auth module reads it). */
  toggle('ssoLoginOnly', 'basic', 'passwordSignIn'),
  toggle('employeeIdLogin', 'basic'),
  toggle('textSop', 'aiFeatures'),
  toggle('qaAi', 'aiFeatures'),
  toggle('aiSummary', 'aiFeatures'),
  {
    key: 'aiVerification' as const,
    group: 'aiFeatures' as const,
    type: 'aiVerification' as const,
    default: { enabled: false, photoModel: null, videoModel: null } as AiVerificationValue,
  },
  toggle('quiz', 'learningFeatures'),
  toggle('scorm', 'learningFeatures'),
  toggle('skillsManagement', 'learningFeatures'),
  toggle('tasksManagement', 'learningFeatures'),
  toggle('offlineViewingDisabled', 'downloadOffline'),
  toggle('smartVideoDownloads', 'downloadOffline'),
  toggle('rawDownloads', 'downloadOffline'),
  toggle('mediaVerification', 'productFeatures'),
  toggle('governance', 'productFeatures'),
  toggle('approvalWorkflows', 'productFeatures'),
  toggle('webhooksSharing', 'customFeatures'),
  toggle('samlSharing', 'customFeatures'),
  toggle('rusticiLms', 'customFeatures'),
  toggle('askMaven', 'products'),
  toggle('smartAssist', 'products'),
  toggle('dataHub', 'products'),
  /** Days an event is kept; the events' retention job deletes older ones (modules/events). */
  {
    key: 'eventRetentionDays' as const,
    group: 'dataRetention' as const,
    type: 'days' as const,
    default: EVENT_RETENTION_DAYS.default as number,
    min: EVENT_RETENTION_DAYS.min as number,
    max: EVENT_RETENTION_DAYS.max as number,
  },
] satisfies OrganizationSettingDefinition[];

export type OrganizationSettingKey = (typeof ORGANIZATION_SETTINGS)[number]['key'];

/** The key of "SSO login only": password sign-in is refused while it is on. */
export const SSO_LOGIN_ONLY_SETTING = 'ssoLoginOnly' satisfies OrganizationSettingKey;
/** The key of "employee ID login". */
export const EMPLOYEE_ID_LOGIN_SETTING = 'employeeIdLogin' satisfies OrganizationSettingKey;
export const AI_VERIFICATION_SETTING = 'aiVerification' satisfies OrganizationSettingKey;
/** The key of how many days the organization's events are kept. */
export const EVENT_RETENTION_SETTING = 'eventRetentionDays' satisfies OrganizationSettingKey;

export function organizationSettingDefinition(key: string): OrganizationSettingDefinition | undefined {
  return (ORGANIZATION_SETTINGS as OrganizationSettingDefinition[]).find((d) => d.key === key);
}

/** The value schema of one setting, with its rules (the server and the form use it). */
export function organizationSettingValueSchema(def: OrganizationSettingDefinition): z.ZodType<OrganizationSettingValue> {
  if (def.type === 'days') return daysValue(def);
  return def.type === 'toggle' ? z.boolean() : aiVerificationValue;
}

const settingValue = z
  .union([z.boolean(), aiVerificationShape, z.number()])
  .describe('A boolean; for aiVerification { enabled, photoModel, videoModel }; for eventRetentionDays a whole number of days');

export const organizationSettingView = z.object({
  key: z.string(),
  group: z.enum(ORGANIZATION_SETTING_GROUPS),
  type: z.enum(ORGANIZATION_SETTING_TYPES),
  value: settingValue,
  isDefault: z.boolean().describe('true: never changed, the value is the default'),
  updatedAt: z.string().nullable().describe('ISO 8601; null while the default holds'),
  updatedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable().describe('Who changed it last, when known'),
});
export type OrganizationSettingView = z.infer<typeof organizationSettingView>;

export const organizationSettingsResponse = z.object({
  settings: z.array(organizationSettingView),
  ssoLoginOnlyAvailable: z
    .boolean()
    .describe(
      '"SSO login only" may be turned on: the organization has an enabled single sign-on connection that someone has signed in through (turning it off is always possible)',
    ),
});
export const organizationSettingParams = z.object({ id: z.uuid(), key: text().min(1).max(100) });
/** PUT organization/{id}/settings/{key}: the new value; its kind must be the setting's. */
export const organizationSettingBody = z.object({ value: settingValue });
export type OrganizationSettingBody = z.infer<typeof organizationSettingBody>;
export const organizationSettingResponse = z.object({ setting: organizationSettingView });

/**
 * GET organization/{id}/importStatus (the constants/importStatus part of docs/product.md,
 * "Organization settings"): how the organization's imports stand: user imports by status
 * (the four of "User imports") with the latest few, and the latest workflow imports into it
 * with their items' counts.
 */
export const IMPORT_STATUS_LATEST = 5;
const count = z.number().int();
export const importStatusView = z.object({
  userImports: z.object({
    counts: z.object({
      processing: count,
      awaiting_confirmation: count,
      error: count,
      validation_error: count,
      completed: count,
      stopped: count,
    }),
    latest: z.array(
      z.object({
        id: z.uuid(),
        filename: z.string(),
        status: userImportStatus,
        createdAt: z.string(),
        finishedAt: z.string().nullable(),
        rowsTotal: count.nullable(),
        rowsWithErrors: count,
      }),
    ),
  }),
  workflowImports: z.object({
    total: count,
    latest: z.array(
      z.object({
        id: z.uuid(),
        createdAt: z.string(),
        finishedAt: z.string().nullable(),
        scheduled: count,
        pending: count,
        completed: count,
        failed: count,
      }),
    ),
  }),
});
export type ImportStatusView = z.infer<typeof importStatusView>;
export const importStatusResponse = z.object({ importStatus: importStatusView });

/**
 * GET organization/{id}/accessCounts: what a switch that ends sessions or refuses calls
 * would stop, counted now (decision 047). Enabled users only; sessions open now.
 */
export const accessCountsView = z.object({
  enabledUsers: z.number().int().describe('Enabled users: disabling the organization signs every one out'),
  passwordUsers: z.number().int().describe('Enabled users with a password: "SSO login only" refuses it at sign-in to the console'),
  openSessions: z.number().int().describe('Console sessions open now'),
  openPasswordSessions: z.number().int().describe('Console sessions open now that were signed in with a password'),
  apiUsers: z
    .number()
    .int()
    .describe('Enabled Organizational Admins, Workspace Admins and Publishers with a password: who may get external API tokens'),
  activeAccessKeys: z.number().int().describe('Access keys that work now (not deleted, not past a roll grace period)'),
});
export type AccessCountsView = z.infer<typeof accessCountsView>;
export const accessCountsResponse = z.object({ accessCounts: accessCountsView });

// ---------------------------------------------------------------------------------------
// Error codes and the calls.
// ---------------------------------------------------------------------------------------

export const organizationErrorCodes = {
  notFound: 'ORGANIZATION_NOT_FOUND',
  disabled: 'ORGANIZATION_DISABLED',
  staff: 'ORGANIZATION_IS_STAFF',
  planTypeUnknown: 'PLAN_TYPE_UNKNOWN',
  emailTaken: 'EMAIL_TAKEN',
  clientKeyUnavailable: 'CLIENT_KEY_UNAVAILABLE',
  clientKeySet: 'CLIENT_KEY_ALREADY_SET',
  managerExists: 'MANAGER_EXISTS',
  managerOtherOrganization: 'MANAGER_OTHER_ORGANIZATION',
  managerUserDisabled: 'MANAGER_USER_DISABLED',
  managerNotFound: 'MANAGER_NOT_FOUND',
  managerInvitationAccepted: 'MANAGER_INVITATION_ACCEPTED',
  /** 400: a new organization's first admin given both a password and `invite: true`, or neither. */
  firstAdminPasswordOrInvite: 'FIRST_ADMIN_PASSWORD_OR_INVITE',
} as const;

export const organizationSettingErrorCodes = {
  notFound: 'ORGANIZATION_SETTING_NOT_FOUND',
  invalid: 'ORGANIZATION_SETTING_INVALID',
  modelsRequired: 'VERIFICATION_MODELS_REQUIRED',
  modelUnknown: 'VERIFICATION_MODEL_UNKNOWN',
  /** A number of days outside the setting's bounds (how long events are kept: 30 days to 7 years). */
  daysOutOfRange: 'SETTING_DAYS_OUT_OF_RANGE',
  /**
   * 409: "SSO login only" turned on while the organization has no enabled single sign-on
   * connection that someone has signed in through: nobody could sign in (decision 062).
   */
  ssoConnectionRequired: 'SSO_CONNECTION_REQUIRED',
} as const;

/**
 * Every call of the Super area's organizations (docs/product.md, "Calls", Organizations and
 * Organization settings). Static segments (`planTypes`, `verificationModels`) win over
 * `/organization/:id` whatever the order.
 */
export const organizationRoutes = {
  list: route({
    method: 'GET',
    path: '/organizations',
    operationId: 'listOrganizations',
    query: organizationsQuery,
    response: organizationsResponse,
  }),
  planTypes: route({ method: 'GET', path: '/organization/planTypes', operationId: 'listPlanTypes', response: planTypesResponse }),
  get: route({
    method: 'GET',
    path: '/organization/:id',
    operationId: 'getOrganization',
    params: organizationIdParams,
    response: organizationResponse,
  }),
  update: route({
    method: 'PUT',
    path: '/organization/:id',
    operationId: 'updateOrganization',
    params: organizationIdParams,
    body: organizationUpdateBody,
    response: organizationUpdateResponse,
  }),
  create: route({
    method: 'POST',
    path: '/organization',
    operationId: 'createOrganization',
    body: organizationCreateBody,
    response: organizationCreateResponse,
    status: 201,
  }),
  setClientKey: route({
    method: 'PUT',
    path: '/organization/:id/clientKey',
    operationId: 'setClientKey',
    params: organizationIdParams,
    body: clientKeyBody,
    response: clientKeyResponse,
  }),
  clientKeyAvailability: route({
    method: 'GET',
    path: '/organization/:id/clientKey/availability',
    operationId: 'checkClientKeyAvailability',
    params: organizationIdParams,
    query: clientKeyAvailabilityQuery,
    response: clientKeyAvailabilityResponse,
  }),
  listManagers: route({
    method: 'GET',
    path: '/organization/:id/managers',
    operationId: 'listOrganizationManagers',
    params: organizationIdParams,
    query: managersQuery,
    response: managersResponse,
  }),
  addManager: route({
    method: 'POST',
    path: '/organization/:id/managers',
    operationId: 'createOrganizationManager',
    params: organizationIdParams,
    body: managerCreateBody,
    response: managerCreateResponse,
    status: 201,
  }),
  resendManagerInvitation: route({
    method: 'POST',
    path: '/organization/:id/managers/:managerId/invitation',
    operationId: 'resendOrganizationManagerInvitation',
    params: managerInvitationParams,
    response: managerInvitationResponse,
  }),
  getManager: route({
    method: 'GET',
    path: '/organizationManagers/:id',
    operationId: 'getOrganizationManager',
    params: managerIdParams,
    response: managerResponse,
  }),
  verificationModels: route({
    method: 'GET',
    path: '/organization/verificationModels',
    operationId: 'listVerificationModels',
    response: verificationModelsResponse,
  }),
  listSettings: route({
    method: 'GET',
    path: '/organization/:id/settings',
    operationId: 'getOrganizationSettings',
    params: organizationIdParams,
    response: organizationSettingsResponse,
  }),
  changeSetting: route({
    method: 'PUT',
    path: '/organization/:id/settings/:key',
    operationId: 'changeOrganizationSetting',
    params: organizationSettingParams,
    body: organizationSettingBody,
    response: organizationSettingResponse,
  }),
  accessCounts: route({
    method: 'GET',
    path: '/organization/:id/accessCounts',
    operationId: 'getOrganizationAccessCounts',
    params: organizationIdParams,
    response: accessCountsResponse,
  }),
  importStatus: route({
    method: 'GET',
    path: '/organization/:id/importStatus',
    operationId: 'getOrganizationImportStatus',
    params: organizationIdParams,
    response: importStatusResponse,
  }),
};
