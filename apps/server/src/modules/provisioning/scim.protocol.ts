/**
 * SCIM 2.0's fixed parts (RFC 7643, RFC 7644): schema URNs, the error answer, and the
 * discovery documents a client reads before provisioning
 * (docs/decisions/036-scim-provisioning.md).
 */
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

export const schemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12's `scimType`s that this service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers';

/** A refusal in SCIM's own error format; `detail` is English, for the identity provider's logs. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [schemas.error],
      status: String(this.status),
      ...(this.scimType && { scimType: this.scimType }),
      detail: this.detail,
    };
  }
}

/** The one answer of every list (RFC 7644 §3.4.2): the resources of a page, of `total` in all. */
export function listResponse(resources: Record<string, unknown>[], total: number, startIndex: number) {
  return { schemas: [schemas.listResponse], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** Paging: at most this many resources per answer (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 200;

export function serviceProviderConfig(baseUrl: string, documentationUri: string) {
  return {
    schemas: [schemas.serviceProviderConfig],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A SCIM token of the organization, from the Provisioning screen of the console.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [schemas.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A user of the organization; userName is the e-mail address they sign in with.',
      schema: schemas.user,
      schemaExtensions: [{ schema: schemas.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [schemas.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the organization.',
      schema: schemas.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}
