/**
 * Organizations of the Super area (console-spec sections 2-7; decisions.md "Roles": staff
 * `read` sees them, `update` changes them). Lists are paged by 20 with a case-insensitive
 * "contains" filter on the name; disabled organizations are listed only when asked for.
 */
import { z } from 'zod';
import { NAME_MAX } from './access-keys.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';

export const ORGANIZATION_NAME_MAX = NAME_MAX;
/** The organization details show at most this many admins (and say how many there are). */
export const ORGANIZATION_ADMINS_SHOWN = 100;

export const organizationsQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional().describe('Part of the name, compared without case'),
  disabled: z.enum(['true', 'false']).optional().describe('true: disabled organizations are listed too'),
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
 * which disables the organization for good (spec section 4: irreversible, deactivates all
 * its users). Field messages are keys the web app translates.
 */
export const organizationName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(ORGANIZATION_NAME_MAX, 'tooLong')
  .describe(`The organization's name, at most ${ORGANIZATION_NAME_MAX} characters`);
const planTypeName = z.string().trim().min(1, 'required').describe('The name of one of GET organization/planTypes');

export const organizationUpdateBody = z
  .object({
    name: organizationName.optional(),
    planType: planTypeName.optional(),
    disabled: z.literal(true).optional().describe('true disables the organization and all its users; there is no way back'),
  })
  .refine((b) => b.name !== undefined || b.planType !== undefined || b.disabled !== undefined, 'empty');
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBody>;

/** The edit form: both fields required. */
export const organizationEditForm = z.object({ name: organizationName, planType: planTypeName });
export type OrganizationEditForm = z.infer<typeof organizationEditForm>;

export const organizationUpdateResponse = z.object({
  organization: organizationView,
  usersDisabled: z.number().int().describe('Users this call disabled (and signed out): 0 unless it disabled the organization'),
});

export const organizationErrorCodes = {
  notFound: 'ORGANIZATION_NOT_FOUND',
  disabled: 'ORGANIZATION_DISABLED',
  staff: 'ORGANIZATION_IS_STAFF',
  planTypeUnknown: 'PLAN_TYPE_UNKNOWN',
} as const;

/** The calls of the Super area's organizations (docs/product.md, "Organizations"). */
export const organizationRoutes = {
  get: route({
    method: 'GET',
    path: '/organization/:id',
    operationId: 'getOrganization',
    params: organizationIdParams,
    response: organizationResponse,
  }),
};
