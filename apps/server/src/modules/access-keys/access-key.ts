/**
 * Access key secrets: generation, the checksum check and the stored hash. The key has
 * ~190 bits of randomness, so a plain SHA-256 is enough (no slow KDF needed: there is
 * nothing to brute-force), and it lets a look-up be one indexed equality.
 */
import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ACCESS_KEY_BODY_LENGTH, ACCESS_KEY_CHECKSUM_LENGTH, ACCESS_KEY_PATTERN, ACCESS_KEY_PREFIX } from '@console/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** How many characters of the random part the list shows after the prefix. */
const SHOWN_BODY_CHARS = 4;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < ACCESS_KEY_CHECKSUM_LENGTH; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export interface GeneratedKey {
  secret: string;
  hash: string;
  prefix: string;
  last4: string;
}

export function generateAccessKey(): GeneratedKey {
  const body = randomBase62(ACCESS_KEY_BODY_LENGTH);
  const secret = `${ACCESS_KEY_PREFIX}${body}${checksum(body)}`;
  return {
    secret,
    hash: hashAccessKey(secret),
    prefix: secret.slice(0, ACCESS_KEY_PREFIX.length + SHOWN_BODY_CHARS),
    last4: secret.slice(-4),
  };
}

/** True when the text has the key's shape and its checksum matches: worth a look-up. */
export function isWellFormedAccessKey(text: string): boolean {
  if (!ACCESS_KEY_PATTERN.test(text)) return false;
  const body = text.slice(ACCESS_KEY_PREFIX.length, ACCESS_KEY_PREFIX.length + ACCESS_KEY_BODY_LENGTH);
  return checksum(body) === text.slice(-ACCESS_KEY_CHECKSUM_LENGTH);
}

export function hashAccessKey(secret: string): string {
  return hash('sha256', secret, 'hex');
}
