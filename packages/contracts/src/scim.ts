/**
 * SCIM 2.0 provisioning (docs/product.md, "Provisioning"; docs/decisions/036-scim-provisioning.md).
 * A SCIM token is `wfs_` + 32 random base62 characters + 6 of a checksum, like an access
 * key (`wfk_`): shown once, stored hashed, scoped to one organization.
 */
export const SCIM_TOKEN_PREFIX = 'wfs_';
export const SCIM_TOKEN_BODY_LENGTH = 32;
export const SCIM_TOKEN_CHECKSUM_LENGTH = 6;
/** Where the SCIM service answers, under the API base path. */
export const SCIM_PATH = '/scim/v2';
