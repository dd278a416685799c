/**
 * `/scim/v2` in the integration API's OpenAPI document (external-api.routes.ts adds it):
 * SCIM's routes are registered outside the external API's plugin (scim.routes.ts), with
 * SCIM's own media type and errors, so their description is written here, once.
 */
import { SCIM_PATH } from '@console/contracts';

const SCIM_JSON = 'application/scim+json';
const resource = { type: 'object', additionalProperties: true, description: 'A SCIM resource (RFC 7643)' };
const error = {
  type: 'object',
  required: ['schemas', 'status'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' }, example: ['urn:ietf:params:scim:api:messages:2.0:Error'] },
    status: { type: 'string', example: '409' },
    scimType: { type: 'string', example: 'uniqueness' },
    detail: { type: 'string', example: 'A user with this userName already exists.' },
  },
};
const body = (description: string) => ({ required: true, description, content: { [SCIM_JSON]: { schema: resource } } });
const answer = (description: string) => ({ description, content: { [SCIM_JSON]: { schema: resource } } });
const refusal = (description: string) => ({ description, content: { [SCIM_JSON]: { schema: error } } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: 'The resource id' };
const listParams = [
  { name: 'filter', in: 'query', schema: { type: 'string' }, description: 'e.g. userName eq "ann@acme.example"' },
  { name: 'startIndex', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'The first result, from 1' },
  { name: 'count', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 200 }, description: 'Results per page (at most 200)' },
  { name: 'attributes', in: 'query', schema: { type: 'string' }, description: 'Only these attributes, comma-separated' },
  { name: 'excludedAttributes', in: 'query', schema: { type: 'string' }, description: 'All but these attributes, comma-separated' },
];
const ifMatch = { name: 'If-Match', in: 'header', schema: { type: 'string' }, description: 'The version (ETag) the change is based on' };
const refusals = { '400': refusal('Bad request (invalidFilter, invalidSyntax, invalidValue)'), '401': refusal('No valid SCIM token') };
/** What a write of a user may be refused with besides: the console's own accounts, the day's checks of other organizations' addresses. */
const outOfReach = refusal("An Organizational Admin (unless the organization allows it) or staff: out of the identity provider's reach");
const checksSpent = refusal("The organization's daily checks of other organizations' addresses are spent: retry after Retry-After");
const userRefusals = (name: 'Users' | 'Groups', change: boolean) =>
  name === 'Users' ? { ...(change && { '403': outOfReach }), '429': checksSpent } : {};

function operation(operationId: string, summary: string, extra: Record<string, unknown>) {
  return { operationId, summary, tags: ['SCIM provisioning'], security: [{ scimToken: [] }], ...extra };
}

function resourcePaths(name: 'Users' | 'Groups', singular: string) {
  /** A replace's and a change's answers: the same refusals, If-Match's included. */
  const changed = {
    '200': answer(`The ${singular.toLowerCase()}`),
    ...refusals,
    '404': refusal('Not found'),
    '412': refusal('If-Match names another version'),
    ...userRefusals(name, true),
  };
  return {
    [`/${name}`]: {
      get: operation(`scimList${name}`, `List or find ${name.toLowerCase()}`, {
        parameters: listParams,
        responses: { '200': answer('A ListResponse'), ...refusals },
      }),
      post: operation(`scimCreate${singular}`, `Create a ${singular.toLowerCase()}`, {
        requestBody: body(`The ${singular.toLowerCase()}`),
        responses: {
          '201': answer(`The ${singular.toLowerCase()} created`),
          ...refusals,
          '409': refusal('uniqueness: taken'),
          ...userRefusals(name, false),
        },
      }),
    },
    [`/${name}/{id}`]: {
      get: operation(`scimGet${singular}`, `Get a ${singular.toLowerCase()}`, {
        parameters: [idParam],
        responses: { '200': answer(`The ${singular.toLowerCase()}`), ...refusals, '404': refusal('Not found') },
      }),
      put: operation(`scimReplace${singular}`, `Replace a ${singular.toLowerCase()}`, {
        parameters: [idParam, ifMatch],
        requestBody: body(`The whole ${singular.toLowerCase()}`),
        responses: changed,
      }),
      patch: operation(`scimPatch${singular}`, `Change a ${singular.toLowerCase()} (PatchOp)`, {
        parameters: [idParam, ifMatch],
        requestBody: body('A PatchOp message: add, replace and remove operations'),
        responses: changed,
      }),
      delete: operation(`scimDelete${singular}`, `Delete a ${singular.toLowerCase()}`, {
        parameters: [idParam, ifMatch],
        responses: {
          '204': { description: 'Deleted' },
          ...refusals,
          '404': refusal('Not found'),
          ...(name === 'Users' && { '403': outOfReach }),
        },
      }),
    },
  };
}

/** The paths of `/scim/v2` under `apiBasePath`, its tag and its security scheme. */
export function scimOpenApi(apiBasePath: string) {
  const base = `${apiBasePath}${SCIM_PATH}`;
  const discovery = (path: string, operationId: string, summary: string) => ({
    [path]: { get: operation(operationId, summary, { responses: { '200': answer(summary), '401': refusal('No valid SCIM token') } }) },
  });
  const relative = {
    ...discovery('/ServiceProviderConfig', 'scimServiceProviderConfig', 'What this SCIM service supports'),
    ...discovery('/ResourceTypes', 'scimResourceTypes', 'The resource types: User and Group'),
    ...discovery('/Schemas', 'scimSchemas', 'The schemas of the resources'),
    ...resourcePaths('Users', 'User'),
    ...resourcePaths('Groups', 'Group'),
  };
  return {
    paths: Object.fromEntries(Object.entries(relative).map(([path, item]) => [`${base}${path}`, item])),
    tag: {
      name: 'SCIM provisioning',
      description:
        'SCIM 2.0 (RFC 7644) for identity providers: users (userName is the e-mail, or a login name beside a work e-mail) and groups (teams) of the organization of a SCIM token from the Provisioning screen.',
    },
    securityScheme: { type: 'http' as const, scheme: 'bearer', description: 'A SCIM token (wfs_…) from the Provisioning screen' },
  };
}
