/** Access key secrets: `wfk_` checked secrets (http/checked-secrets.ts), stored as SHA-256. */
import { ACCESS_KEY_BODY_LENGTH, ACCESS_KEY_CHECKSUM_LENGTH, ACCESS_KEY_PATTERN, ACCESS_KEY_PREFIX } from '@console/contracts';
import { type GeneratedSecret, generateCheckedSecret, hashCheckedSecret, isWellFormedCheckedSecret } from '../../http/checked-secrets.js';

const SHAPE = { prefix: ACCESS_KEY_PREFIX, bodyLength: ACCESS_KEY_BODY_LENGTH, checksumLength: ACCESS_KEY_CHECKSUM_LENGTH };

export type GeneratedKey = GeneratedSecret;

export function generateAccessKey(): GeneratedKey {
  return generateCheckedSecret(SHAPE);
}

/** True when the text has the key's shape and its checksum matches: worth a look-up. */
export function isWellFormedAccessKey(text: string): boolean {
  return ACCESS_KEY_PATTERN.test(text) && isWellFormedCheckedSecret(SHAPE, text);
}

export const hashAccessKey = hashCheckedSecret;
