/**
 * Every link of the console, once, in its English form: `localize(paths.organization(id))`
 * gives the link in the locale on screen. No component writes a path by concatenation.
 */

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  dashboard: () => '/dashboard',
  accessKeys: () => '/keys',
  provisioning: () => '/provisioning',
  /** The organization's single sign-on: its verified domains. */
  singleSignOn: () => '/single-sign-on',
  /** The webhook endpoints; with an endpoint's id, its delivery log. */
  webhooks: () => '/webhooks',
  webhook: (endpointId: string) => `/webhooks/${id(endpointId)}`,
  /** The People screen, with its search and filters (kept in the address so that the way back keeps them). */
  people: (query: { q?: string; status?: string; source?: string } = {}) => withQuery('/people', query),
  person: (personId: string) => `/people/${id(personId)}`,
  userImports: () => '/user-imports',
  analytics: () => '/analytics',
  documentation: () => '/documentation',
  /** The audit trail, with its filters (kept in the address so that a filtered trail can be shared). */
  auditTrail: () => '/audit-trail',
  /** The request log of the external API's calls, with its filters (kept in the address). */
  requestLog: () => '/request-log',
  logout: () => '/logout',
  superHome: () => '/super',
  organizations: (query: { q?: string; mode?: string } = {}) => withQuery('/super/organizations', query),
  /** An organization's page; `edit` opens its edit form over it. */
  organization: (organizationId: string, mode?: 'edit') => withQuery(`/super/organizations/${id(organizationId)}`, { mode }),
  organizationSettings: (organizationId: string, group?: string) =>
    withQuery(`/super/organizations/${id(organizationId)}/settings`, { group }),
  organizationSettingsPart: (organizationId: string, section: string, part: string) =>
    `/super/organizations/${id(organizationId)}/${section}/${id(part)}`,
  newWorkflowImport: (organizationId: string) => `/super/organizations/${id(organizationId)}/new-workflow-import`,
  organizationManager: (managerId: string) => `/super/organizationManagers/${id(managerId)}`,
  userLookup: (query: { email?: string } = {}) => withQuery('/super/user', query),
  workflowSearch: () => '/super/workflows',
  /** The workflows whose name contains `name`; page 1 is not written. */
  workflowSearchResult: ({ name, page = 1 }: { name?: string; page?: number } = {}) =>
    withQuery('/super/workflows/WorkflowSearchResult', { name, page: page > 1 ? String(page) : undefined }),
  /** One workflow, found by its id. */
  workflowSearchResultContainer: (query: { id?: string } = {}) => withQuery('/super/workflows/WorkflowSearchResultContainer', query),
} as const;
