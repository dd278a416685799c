/**
 * SCIM bearer tokens: `wfs_` checked secrets (http/checked-secrets.ts), stored as SHA-256
 * in scim_tokens, like access keys; one token acts for one organization.
 */
import { SCIM_TOKEN_BODY_LENGTH, SCIM_TOKEN_CHECKSUM_LENGTH, SCIM_TOKEN_PREFIX } from '@console/contracts';
import { type GeneratedSecret, generateCheckedSecret, hashCheckedSecret, isWellFormedCheckedSecret } from '../../http/checked-secrets.js';

const SHAPE = { prefix: SCIM_TOKEN_PREFIX, bodyLength: SCIM_TOKEN_BODY_LENGTH, checksumLength: SCIM_TOKEN_CHECKSUM_LENGTH };

export function generateScimToken(): GeneratedSecret {
  return generateCheckedSecret(SHAPE);
}

/** True when the text has a SCIM token's shape and its checksum matches: worth a look-up. */
export function isWellFormedScimToken(text: string): boolean {
  return isWellFormedCheckedSecret(SHAPE, text);
}

export const hashScimToken = hashCheckedSecret;
